import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { GraduationCap, Pencil, Trash2 } from "lucide-react";
import { Breadcrumb, Button, ConfirmDialog, ErrorState, Skeleton, SkeletonText, useToast } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import type { CourseDetail } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { apiAsset } from "../../lib/config";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../app/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { focusFirstError } from "./focusFirstError";
import { TrainingForm } from "./TrainingForm";
import { draftFromCourse, stillWrong, toUpdatePayload, validateUpdate } from "./trainingForm";
import type { FieldErrors, TrainingDraft } from "./trainingForm";
import { serverFieldErrors } from "./serverErrors";
import "./trainings.css";

/**
 * /training/{id}: read-only, then edit mode on a working copy ('Edit Training'), save or cancel;
 * delete behind a confirm dialog. After any save attempt the screen shows what the server
 * holds (spec defect fixed: the original displayed the unsaved copy after a failed save).
 */
export default function TrainingDetailPage() {
  usePageTitle("Edit Training");
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const course = useQuery({
    queryKey: queryKeys.course(id),
    queryFn: () => unwrap(api.courses.byId({ params: { id } })),
    enabled: validId,
    staleTime: 0,
  });

  const [draft, setDraft] = useState<TrainingDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [imageError, setImageError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const save = useMutation({
    mutationFn: (d: TrainingDraft) => unwrap(api.courses.update({ params: { id }, body: toUpdatePayload(d) })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.course(id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses, exact: true });
      setDraft(null);
      setErrors({});
      toast.success("Item saved successfully");
    },
    onError: async (error) => {
      toast.error(errorMessage(error));
      if (error instanceof ApiError && error.status === 400 && error.body.issues?.length) {
        // The server refused this input and saved nothing: keep the working copy and say which field.
        setErrors(serverFieldErrors(error));
        return;
      }
      // Unknown outcome (network, server fault): leave edit mode and show what the server holds now.
      setDraft(null);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: queryKeys.course(id) });
    },
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.courses.remove({ params: { id } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.course(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses, exact: true });
      toast.success("Course Deleted");
      navigate(paths.trainings);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });

  function startEdit(c: CourseDetail) {
    setDraft(draftFromCourse(c));
    setErrors({});
    setImageError(null);
  }

  function onChange(next: TrainingDraft) {
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(stillWrong(errors, validateUpdate(next)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = validateUpdate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    save.mutate(draft);
  }

  const breadcrumb = (
    <Breadcrumb
      items={[{ label: "Saved Trainings", href: paths.trainings }, { label: "Edit Training" }]}
      renderLink={({ href, label, className }) => (
        <Link to={href} className={className}>
          {label}
        </Link>
      )}
    />
  );

  if (!validId || (course.isError && course.error instanceof ApiError && course.error.status === 404)) {
    return (
      <div className="tr-page">
        {breadcrumb}
        <ErrorState title="Training not found" message="It may have been deleted." onRetry={() => navigate(paths.trainings)} retryLabel="Back to Saved Trainings" />
      </div>
    );
  }
  if (course.isError) {
    return (
      <div className="tr-page">
        {breadcrumb}
        <ErrorState message={errorMessage(course.error)} onRetry={() => void course.refetch()} retrying={course.isFetching} />
      </div>
    );
  }
  if (course.isPending) {
    return (
      <div className="tr-page">
        {breadcrumb}
        <DetailSkeleton />
      </div>
    );
  }

  const c = course.data;
  const saving = save.isPending;

  if (draft) {
    return (
      <div className="tr-page">
        {breadcrumb}
        <form onSubmit={onSubmit} noValidate aria-busy={saving}>
          <div className="tr-head">
            <h1 className="tr-head__title">Edit Training</h1>
            <div className="tr-head__actions">
              <Button
                variant="secondary"
                disabled={saving}
                onClick={() => {
                  setDraft(null);
                  setErrors({});
                  setImageError(null);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" loading={saving} loadingLabel="Please wait ...">
                Save Training
              </Button>
            </div>
          </div>
          <TrainingForm
            draft={draft}
            onChange={onChange}
            errors={imageError ? { ...errors, thumbnail: imageError } : errors}
            onImageError={setImageError}
            disabled={saving}
          />
        </form>
      </div>
    );
  }

  const thumb = apiAsset(c.thumbnail);
  return (
    <div className="tr-page">
      {breadcrumb}
      <div className="tr-head">
        <h1 className="tr-head__title">{c.title}</h1>
        <div className="tr-head__actions">
          <Button onClick={() => startEdit(c)}>
            <Pencil size={18} aria-hidden="true" />
            Edit Training
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 size={18} aria-hidden="true" />
            Delete Training
          </Button>
        </div>
      </div>

      <div className="tr-view">
        <div className="tr-view__media">
          {thumb ? (
            <img src={thumb} alt={`Thumbnail of ${c.title}`} className="tr-view__img" />
          ) : (
            <div className="tr-view__img tr-course__thumb--empty" aria-hidden="true">
              <GraduationCap size={48} />
            </div>
          )}
          <dl className="tr-facts">
            <Fact label="Training Fee">
              <span className="ui-price">{formatPounds(c.fee)}</span>
            </Fact>
            <Fact label="Duration">{c.duration}</Fact>
            <Fact label="Time">{c.time}</Fact>
            <Fact label="Seats per date">{c.capacity}</Fact>
          </dl>
        </div>

        <div className="tr-view__body">
          <ViewSection title="Description">
            <p className="tr-view__desc">{c.description}</p>
          </ViewSection>

          <ViewSection title="Course Dates">
            {c.courseDates.length === 0 ? (
              <p className="ui-muted">No dates set</p>
            ) : (
              <ul className="tr-chips">
                {c.courseDates.map((d) => (
                  <li key={d.id} className="tr-chip">
                    <strong>{d.label}</strong>
                    <span className="ui-muted">
                      {d.placesLeft} of {d.capacity} places left
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ViewSection>

          <ViewSection title="Key Points">
            {c.keyPoints.length === 0 ? (
              <p className="ui-muted">None</p>
            ) : (
              <ul className="tr-list-plain">
                {c.keyPoints.map((k) => (
                  <li key={k.id}>
                    <strong>{k.title}</strong>
                    {k.details ? <p className="ui-muted">{k.details}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </ViewSection>

          <ViewSection title="Course Units">
            {c.courseUnits.length === 0 ? (
              <p className="ui-muted">None</p>
            ) : (
              <ol className="tr-list-plain tr-list-plain--numbered">
                {c.courseUnits.map((u) => (
                  <li key={u.id}>{u.title}</li>
                ))}
              </ol>
            )}
          </ViewSection>

          <ViewSection title="Add-ons">
            {c.addOns.length === 0 ? (
              <p className="ui-muted">None</p>
            ) : (
              <ul className="tr-list-plain">
                {c.addOns.map((a) => (
                  <li key={a.id} className="tr-addon">
                    <div>
                      <strong>{a.name}</strong>
                      {a.description ? <p className="ui-muted">{a.description}</p> : null}
                    </div>
                    <span className="ui-price">{formatPounds(a.price)}</span>
                  </li>
                ))}
              </ul>
            )}
          </ViewSection>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Delete Training"
        message={`Are you sure you want to delete "${c.title}"? This action cannot be undone.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={remove.isPending}
        busyLabel="Please wait ..."
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tr-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ViewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="tr-section">
      <h2 className="tr-section__title">{title}</h2>
      {children}
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true">
      <p className="ui-visually-hidden" role="status">
        Loading training
      </p>
      <div className="tr-head" aria-hidden="true">
        <Skeleton width="50%" height={32} />
      </div>
      <div className="tr-view" aria-hidden="true">
        <div className="tr-view__media">
          <Skeleton variant="block" className="tr-view__img" />
          <SkeletonText lines={4} />
        </div>
        <div className="tr-view__body">
          <SkeletonText lines={6} />
          <SkeletonText lines={3} />
        </div>
      </div>
    </div>
  );
}
