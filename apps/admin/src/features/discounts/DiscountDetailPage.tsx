import type { FormEvent } from "react";
import { useLocation } from "react-router-dom";
import { ConfirmDialog, Skeleton } from "@app/ui";
import { formatLongDate } from "@app/ui/format";
import { DiscountSchema } from "@app/contract";
import type { Discount } from "@app/contract";
import { useDraftForm } from "../../lib/useDraftForm";
import { discountRecord, useCourseChoices } from "./api";
import { ApiError } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { Fact } from "../../components/Fact";
import { EditActions, RecordDetailStates, ViewActions, useRecordDetail, useRecordId } from "../../components/RecordDetail";
import { DiscountFields } from "./DiscountFields";
import {
  discountSizeText,
  draftFromDiscount,
  issuesToErrors,
  toPayload,
  usesLeftText,
  validateUpdateDiscount,
} from "./discountForm";
import { DiscountStatusBadge } from "./DiscountStatusBadge";
import type { DiscountDraft, DiscountErrors, DiscountField } from "./discountForm";
import "./discounts.css";

const LABELS = {
  code: "Discount Code",
  percent: "Percentage",
  validFrom: "Valid From",
  validUntil: "Valid To",
  maxUses: "Max Users",
};

/** The record the list passed in navigation state (spec §2), shown at once while the fresh copy loads. */
function stateDiscount(state: unknown, id: number): Discount | undefined {
  const candidate = (state as { discount?: unknown } | null)?.discount;
  const parsed = DiscountSchema.safeParse(candidate);
  return parsed.success && parsed.data.id === id ? parsed.data : undefined;
}

/** /discount/{id}: view, Edit -> Cancel / 'Save Discount', Delete behind a modal. */
export default function DiscountDetailPage() {
  usePageTitle("View Discount");
  const { id, validId } = useRecordId();
  const location = useLocation();
  const { draft, setDraft, errors, setErrors, change, check, reset } = useDraftForm<DiscountDraft | null, DiscountErrors>(null);
  const record = discountRecord(id);

  function stopEditing() {
    reset(null);
  }

  const { query, save, askToDelete, deleteDialog } = useRecordDetail({
    id,
    validId,
    recordKey: record.recordKey,
    listKey: record.listKey,
    load: record.load,
    placeholderData: stateDiscount(location.state, id),
    update: (d: DiscountDraft) => record.save(toPayload(d)),
    onSaved: stopEditing,
    savedMessage: "Discount saved successfully",
    onSaveError: (error) => {
      if (error instanceof ApiError && error.body.issues?.length) setErrors(issuesToErrors(error.body.issues));
    },
    remove: record.remove,
    deletedMessage: "Discount Deleted",
    listPath: paths.discounts,
  });

  function onChange<K extends DiscountField>(field: K, value: DiscountDraft[K]) {
    change(field, value);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!check(validateUpdateDiscount(draft))) return;
    save.mutate(draft);
  }

  const saving = save.isPending;
  return (
    <RecordDetailStates
      query={query}
      validId={validId}
      breadcrumb={[{ label: "Discount", href: paths.discounts }, { label: "View Discount" }]}
      notFoundTitle="Discount code not found"
      listPath={paths.discounts}
      backLabel="Back to Discount"
      loadingLabel="Loading discount code"
      skeleton={
        <div className="content-panel dc-form" aria-hidden="true">
          <Skeleton width="40%" height={32} />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} width="70%" height={20} />
          ))}
        </div>
      }
    >
      {(d: Discount) => (
        <>
          {draft ? (
            <form className="content-panel dc-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
              <h1 className="content-title">Edit Discount</h1>
              <DiscountFields draft={draft} onChange={onChange} errors={errors} labels={LABELS} disabled={saving} />
              <div className="content-actions">
                <EditActions saveLabel="Save Discount" saving={saving} onCancel={stopEditing} />
              </div>
            </form>
          ) : (
            <div className="content-panel dc-form">
              <div className="dc-view__head">
                <h1 className="content-title">
                  <span className="ui-visually-hidden">Discount code </span>
                  <span className="dc-code dc-code--lg">{d.code}</span>
                </h1>
                <span className="dc-view__badges">
                  <DiscountStatusBadge status={d.status} />
                  {["active", "scheduled"].includes(d.status) ? (
                    <span className={d.uses_left > 0 ? "dc-badge" : "dc-badge dc-badge--none"}>{usesLeftText(d)}</span>
                  ) : null}
                </span>
              </div>
              <dl className="dc-facts">
                <Fact className="dc-fact" label={LABELS.code}>
                  {d.code}
                </Fact>
                <Fact className="dc-fact" label={d.amount_off != null ? "Amount Off" : LABELS.percent}>
                  {discountSizeText(d)}
                </Fact>
                <Fact className="dc-fact" label={LABELS.validFrom}>
                  {formatLongDate(d.valid_from)}
                </Fact>
                <Fact className="dc-fact" label={LABELS.validUntil}>
                  {formatLongDate(d.valid_until)}
                </Fact>
                <Fact className="dc-fact" label={LABELS.maxUses}>
                  {d.max_uses}
                </Fact>
                <Fact className="dc-fact" label="Uses left">
                  {d.uses_left}
                </Fact>
                <Fact className="dc-fact" label="Courses">
                  <CourseNames ids={d.course_ids} />
                </Fact>
              </dl>
              <div className="content-actions content-actions--start">
                <ViewActions
                  editLabel="Edit"
                  deleteLabel="Delete"
                  onEdit={() => {
                    setDraft(draftFromDiscount(d));
                    setErrors({});
                  }}
                  onDelete={askToDelete}
                />
              </div>
            </div>
          )}

          <ConfirmDialog
            {...deleteDialog}
            title="Delete Discount"
            message={`Are you sure you want to delete discount code "${d.code}"? This will permanently remove the discount.`}
            busyLabel="Deleting..."
          />
        </>
      )}
    </RecordDetailStates>
  );
}

/** 'Every course', or the titles of the courses the code is limited to. */
function CourseNames({ ids }: { ids: number[] }) {
  const courses = useCourseChoices();
  if (ids.length === 0) return <>Every course</>;
  if (!courses.data) return <>{ids.length} courses</>;
  const titles = ids.map((id) => courses.data.find((c) => c.id === id)?.title ?? `Course ${id}`);
  return <>{titles.join(", ")}</>;
}
