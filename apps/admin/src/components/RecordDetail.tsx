/**
 * The view -> edit -> save / delete-confirm pattern shared by the detail screens of trainings
 * (/training/{id}), shop items (/shop/item/{id}) and discount codes (/discount/{id}).
 * Each screen keeps its own working copy, fields and texts; this holds what they do alike.
 */
import { useState } from "react";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { Button, ErrorState, useToast } from "@app/ui";
import type { BreadcrumbItem } from "@app/ui";
import { ApiError, errorMessage } from "../lib/errors";
import { LoadingNote } from "./Loading";
import { RouterBreadcrumb } from "./RouterBreadcrumb";

/** The `:id` of the route; only a positive whole number is ever sent to the API. */
export function useRecordId(): { id: number; validId: boolean } {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  return { id, validId: Number.isInteger(id) && id > 0 };
}

interface RecordDetailOptions<T, D> {
  id: number;
  validId: boolean;
  /** Cache key of this record and of the list it belongs to. */
  recordKey: QueryKey;
  listKey: QueryKey;
  load: () => Promise<T>;
  /** Shown at once while the fresh copy loads (e.g. the record the list passed along). */
  placeholderData?: T;
  update: (draft: D) => Promise<T>;
  /** Leave edit mode (runs after the saved record is in the cache, before the toast). */
  onSaved: () => void;
  savedMessage: string;
  /** After the error toast: what the screen does besides (field errors, reload). */
  onSaveError?: (error: Error) => void | Promise<void>;
  remove: () => Promise<unknown>;
  deletedMessage: string;
  /** Where a deleted (or missing) record sends the administrator. */
  listPath: string;
}

export function useRecordDetail<T, D>(options: RecordDetailOptions<T, D>) {
  const { recordKey, listKey } = options;
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const query = useQuery({
    queryKey: recordKey,
    queryFn: options.load,
    enabled: options.validId,
    // useQuery takes any value but a function here (its NonFunctionGuard); said the same way for a generic T.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
    placeholderData: options.placeholderData as Exclude<T, Function> | undefined,
    staleTime: 0,
  });

  const save = useMutation({
    mutationFn: options.update,
    onSuccess: async (saved) => {
      queryClient.setQueryData(recordKey, saved);
      await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
      options.onSaved();
      toast.success(options.savedMessage);
    },
    onError: async (error) => {
      toast.error(errorMessage(error));
      await options.onSaveError?.(error);
    },
  });

  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: recordKey });
      await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
      toast.success(options.deletedMessage);
      void navigate(options.listPath);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });

  return {
    query,
    save,
    askToDelete: () => setConfirming(true),
    /** Spread into the screen's ConfirmDialog (title, message and busy label stay with the screen). */
    deleteDialog: {
      open: confirming,
      confirmLabel: "Delete",
      busy: remove.isPending,
      danger: true,
      onCancel: () => setConfirming(false),
      onConfirm: () => remove.mutate(),
    },
  };
}

interface RecordDetailStatesProps<T> {
  query: UseQueryResult<T>;
  validId: boolean;
  breadcrumb: readonly BreadcrumbItem[];
  notFoundTitle: string;
  listPath: string;
  /** 'Back to …' on the not-found state. */
  backLabel: string;
  /** Announced to screen readers while `skeleton` shows. */
  loadingLabel: string;
  skeleton: ReactNode;
  children: (record: T) => ReactNode;
}

/** The page around a record: breadcrumb, then not found / error with retry / skeleton / the record. */
export function RecordDetailStates<T>({
  query,
  validId,
  breadcrumb,
  notFoundTitle,
  listPath,
  backLabel,
  loadingLabel,
  skeleton,
  children,
}: RecordDetailStatesProps<T>) {
  const navigate = useNavigate();
  const trail = <RouterBreadcrumb items={breadcrumb} />;

  if (!validId || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="content-page">
        {trail}
        <ErrorState
          title={notFoundTitle}
          message="It may have been deleted."
          onRetry={() => navigate(listPath)}
          retryLabel={backLabel}
        />
      </div>
    );
  }
  // A failed reload keeps the record (and any open edit form) on screen: only a first load
  // with nothing to show becomes the error state. Losing a half-typed edit would be worse.
  if (query.isError && query.data === undefined) {
    return (
      <div className="content-page">
        {trail}
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <div className="content-page" aria-busy="true">
        {trail}
        <LoadingNote label={loadingLabel} />
        {skeleton}
      </div>
    );
  }
  return (
    <div className="content-page">
      {trail}
      {children(query.data)}
    </div>
  );
}

/** 'Edit …' and 'Delete …' of a record shown read-only. */
export function ViewActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button onClick={onEdit}>
        <Pencil size={18} aria-hidden="true" />
        {editLabel}
      </Button>
      <Button variant="danger" onClick={onDelete}>
        <Trash2 size={18} aria-hidden="true" />
        {deleteLabel}
      </Button>
    </>
  );
}

/** 'Cancel' and the submit button of the edit form ('Please wait ...' while saving). */
export function EditActions({ saveLabel, saving, onCancel }: { saveLabel: string; saving: boolean; onCancel: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} loadingLabel="Please wait ...">
        {saveLabel}
      </Button>
    </>
  );
}
