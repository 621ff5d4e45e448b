import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { GraduationCap } from "lucide-react";
import { Button, ConfirmDialog, useToast } from "@app/ui";
import { DetailSkeleton, ViewSection } from "./detailParts";
import { formatPounds } from "@app/ui/format";
import type { AdminCourseDetail } from "@app/contract";
import { useDraftForm } from "../../lib/useDraftForm";
import { useSetCourseStatus, useTrainingRecord } from "./api";
import { CourseStatusBadge } from "./CourseStatusBadge";
import { apiAsset } from "../../lib/config";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { Fact } from "../../components/Fact";
import { EditActions, RecordDetailStates, ViewActions, useRecordDetail, useRecordId } from "../../components/RecordDetail";
import { focusFirstError } from "./focusFirstError";
import { TrainingForm } from "./TrainingForm";
import { BookingChecks } from "./BookingChecks";
import { CourseSettingsPanel } from "./CourseSettingsPanel";
import { CoursePaymentOptions } from "./CoursePaymentOptions";
import { draftFromCourse } from "./trainingForm";
import { toUpdatePayload } from "./trainingPayload";
import { stillWrong, validateUpdate } from "./trainingValidation";
import type { FieldErrors, TrainingDraft } from "./trainingForm";
import { serverFieldErrors } from "./serverErrors";
import { bookingsOf, useBookingsConfirm } from "./BookingsConfirm";
import { CourseDatesSection } from "./CourseDatesSection";
import { CourseContentSections } from "./CourseContentSections";
import "./trainings.css";

/**
 * /training/{id}: read-only, then edit mode on a working copy ('Edit Training'), save or cancel;
 * delete behind a confirm dialog. After any save attempt the screen shows what the server
 * holds (spec defect fixed: the original displayed the unsaved copy after a failed save).
 */
export default function TrainingDetailPage() {
  usePageTitle("Edit Training");
  const { id, validId } = useRecordId();
  const { draft, setDraft, errors, setErrors, reset } = useDraftForm<TrainingDraft | null, FieldErrors>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const record = useTrainingRecord(id);
  const toast = useToast();
  const confirmBookings = useBookingsConfirm();
  // Set once the office confirmed deleting a course with bookings (decision 336).
  const deleteConfirmed = useRef(false);
  const setStatus = useSetCourseStatus({
    onSuccess: (course) => toast.success(course.status === "published" ? "Training published" : "Training saved as draft"),
    onError: (error, vars) => {
      if (!confirmBookings.ask(error, "Unpublish", () => setStatus.mutate({ ...vars, confirm: true })))
        toast.error(errorMessage(error));
    },
  });
  function stopEditing() {
    reset(null);
    setImageError(null);
  }

  const { query, save, askToDelete, deleteDialog } = useRecordDetail({
    id,
    validId,
    recordKey: record.recordKey,
    listKey: record.listKey,
    load: record.load,
    update: (d: TrainingDraft) => record.save(toUpdatePayload(d)),
    onSaved: () => reset(null),
    savedMessage: "Item saved successfully",
    onSaveError: async (error) => {
      if (error instanceof ApiError && error.status === 400 && error.body.issues?.length) {
        // The server refused this input and saved nothing: keep the working copy and say which field.
        setErrors(serverFieldErrors(error));
        return;
      }
      // Unknown outcome (network, server fault): leave edit mode and show what the server holds now.
      reset(null);
      await record.reload();
    },
    remove: async () => {
      try {
        return await record.remove(deleteConfirmed.current);
      } catch (error) {
        if (bookingsOf(error))
          confirmBookings.ask(error, "Delete", () => {
            deleteConfirmed.current = true;
            deleteDialog.onConfirm();
          });
        throw error;
      }
    },
    deletedMessage: "Course Deleted",
    listPath: paths.trainings,
  });

  function startEdit(c: AdminCourseDetail) {
    reset(draftFromCourse(c));
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

  const saving = save.isPending;
  return (
    <RecordDetailStates
      query={query}
      validId={validId}
      breadcrumb={[{ label: "Saved Trainings", href: paths.trainings }, { label: "Edit Training" }]}
      notFoundTitle="Training not found"
      listPath={paths.trainings}
      backLabel="Back to Saved Trainings"
      loadingLabel="Loading training"
      skeleton={<DetailSkeleton />}
    >
      {(c: AdminCourseDetail) => {
        if (draft) {
          return (
            <form onSubmit={onSubmit} noValidate aria-busy={saving}>
              <div className="content-head tr-head">
                <h1 className="content-title">Edit Training</h1>
                <div className="tr-head__actions">
                  <EditActions saveLabel="Save Training" saving={saving} onCancel={stopEditing} />
                </div>
              </div>
              <TrainingForm
                draft={draft}
                onChange={onChange}
                errors={imageError ? { ...errors, thumbnail: imageError } : errors}
                onImageError={setImageError}
                disabled={saving}
                mode="edit"
              />
            </form>
          );
        }
        const thumb = apiAsset(c.thumbnail);
        return (
          <>
            <div className="content-head tr-head">
              <div>
                <h1 className="content-title">{c.title}</h1>
                <p className="tr-head__status">
                  <CourseStatusBadge status={c.status} />{" "}
                  <span className="ui-muted">
                    {c.status === "draft" ? "Not on the public site until published." : "On the public site."}
                  </span>
                </p>
              </div>
              <div className="tr-head__actions">
                <Button
                  variant="secondary"
                  loading={setStatus.isPending}
                  loadingLabel="Saving..."
                  onClick={() => setStatus.mutate({ id: c.id, status: c.status === "draft" ? "published" : "draft" })}
                >
                  {c.status === "draft" ? "Publish" : "Unpublish"}
                </Button>
                <ViewActions
                  editLabel="Edit Training"
                  deleteLabel="Delete Training"
                  onEdit={() => startEdit(c)}
                  onDelete={askToDelete}
                />
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
                  <Fact className="tr-fact" label="Training Fee">
                    <span className="ui-price">{formatPounds(c.fee)}</span>
                  </Fact>
                  <Fact className="tr-fact" label="Duration">
                    {c.duration}
                  </Fact>
                  <Fact className="tr-fact" label="Time">
                    {c.time}
                  </Fact>
                  <Fact className="tr-fact" label="Seats per date">
                    {c.capacity}
                  </Fact>
                </dl>
              </div>

              <div className="tr-view__body">
                <ViewSection title="Description">
                  <p className="tr-view__desc">{c.description}</p>
                </ViewSection>

                <BookingChecks key={`${c.id}-${String(c.needs_approval)}-${(c.prerequisites ?? []).join()}`} course={c} />
                <CourseSettingsPanel courseId={c.id} />
                <CoursePaymentOptions courseId={c.id} />

                <CourseDatesSection course={c} />
                <CourseContentSections course={c} />
              </div>
            </div>

            {confirmBookings.dialog}
            <ConfirmDialog
              {...deleteDialog}
              title="Delete Training"
              message={`Are you sure you want to delete "${c.title}"? This action cannot be undone.`}
              cancelLabel="Cancel"
              busyLabel="Please wait ..."
            />
          </>
        );
      }}
    </RecordDetailStates>
  );
}
