import { Link } from "react-router-dom";
import { ArrowDown, ArrowUp, ArrowUpToLine, GraduationCap, Plus } from "lucide-react";
import { Button, ButtonLink, EmptyState, ErrorState, Skeleton, SkeletonText, useToast } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import type { AdminCourseListItem } from "@app/contract";
import { useReorderCourses, useSetCourseStatus, useTrainings } from "./api";
import { CourseStatusBadge } from "./CourseStatusBadge";
import { moveId, moveToTop } from "./courseOrder";
import { useBookingsConfirm } from "./BookingsConfirm";
import { apiAsset } from "../../lib/config";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import "./trainings.css";

const SKELETON_ROWS = 4;

/** /trainings: 'Saved Trainings' with 'Add Training' and a row per course. */
export default function TrainingsPage() {
  usePageTitle("Saved Trainings");
  const courses = useTrainings();
  const toast = useToast();
  const reorder = useReorderCourses({ onError: (error) => toast.error(errorMessage(error)) });
  const confirmBookings = useBookingsConfirm();
  const setStatus = useSetCourseStatus({
    onSuccess: (course) =>
      toast.success(course.status === "published" ? `${course.title} is published` : `${course.title} is now a draft`),
    onError: (error, change) => {
      if (!confirmBookings.ask(error, "Unpublish", () => setStatus.mutate({ ...change, confirm: true })))
        toast.error(errorMessage(error));
    },
  });
  const ids = courses.data?.map((c) => c.id) ?? [];
  const move = (id: number, by: -1 | 1) => reorder.mutate(moveId(ids, id, by));

  return (
    <div className="content-page">
      {confirmBookings.dialog}
      <div className="content-head tr-head">
        <div>
          <h1 className="content-title">Saved Trainings</h1>
          <p className="ui-muted">
            The courses on the public site in this order, with their fees. Drafts stay off the site until published.
          </p>
        </div>
        <div className="tr-head__actions">
          <ButtonLink as={Link} to={paths.createTraining}>
            <Plus size={20} aria-hidden="true" />
            Add Training
          </ButtonLink>
        </div>
      </div>

      {courses.isError ? (
        <ErrorState message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />
      ) : courses.isPending ? (
        <div className="tr-list" aria-busy="true">
          <p className="ui-visually-hidden" role="status">
            Loading trainings
          </p>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <SkeletonRow key={i} />
          ))}
        </div>
      ) : courses.data.length === 0 ? (
        <EmptyState icon={<GraduationCap size={40} />} title="No trainings available" />
      ) : (
        <table className="content-table tr-table">
          <caption className="ui-visually-hidden">Saved Trainings</caption>
          <thead>
            <tr>
              <th scope="col">Courses</th>
              <th scope="col">Training Fee</th>
              <th scope="col">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {courses.data.map((course, index) => (
              <TrainingRow
                key={course.id}
                course={course}
                first={index === 0}
                last={index === courses.data.length - 1}
                busy={reorder.isPending || setStatus.isPending}
                onMove={(by) => move(course.id, by)}
                onTop={() => reorder.mutate(moveToTop(ids, course.id))}
                onStatus={(status) => setStatus.mutate({ id: course.id, status })}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

interface RowProps {
  course: AdminCourseListItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onTop: () => void;
  onStatus: (status: AdminCourseListItem["status"]) => void;
}

function TrainingRow({ course, first, last, busy, onMove, onTop, onStatus }: RowProps) {
  const thumb = apiAsset(course.thumbnail);
  const draft = course.status === "draft";
  return (
    <tr className={`tr-table__row${draft ? " tr-table__row--draft" : ""}`}>
      <td className="tr-table__main">
        <div className="tr-course">
          {thumb ? (
            <img src={thumb} alt="" className="tr-course__thumb" loading="lazy" width={160} height={90} />
          ) : (
            <div className="tr-course__thumb tr-course__thumb--empty" aria-hidden="true">
              <GraduationCap size={28} />
            </div>
          )}
          <div className="tr-course__text">
            <h2 className="tr-course__title">{course.title}</h2>
            <p>
              <CourseStatusBadge status={course.status} />
            </p>
            <p className="tr-course__desc">{course.description}</p>
          </div>
        </div>
      </td>
      <td className="tr-course__fee">
        <span className="tr-course__fee-label" aria-hidden="true">
          Training Fee
        </span>
        <span className="ui-price">{formatPounds(course.fee)}</span>
      </td>
      <td className="tr-course__action">
        <div className="tr-row-actions">
          <div className="tr-order" role="group" aria-label={`Order of ${course.title}`}>
            <Button
              variant="ghost"
              size="sm"
              onClick={onTop}
              disabled={first || busy}
              aria-label={`Move to top: ${course.title}`}
            >
              <ArrowUpToLine size={18} aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onMove(-1)}
              disabled={first || busy}
              aria-label={`Move up: ${course.title}`}
            >
              <ArrowUp size={18} aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onMove(1)}
              disabled={last || busy}
              aria-label={`Move down: ${course.title}`}
            >
              <ArrowDown size={18} aria-hidden="true" />
            </Button>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => onStatus(draft ? "published" : "draft")}
            aria-label={`${draft ? "Publish" : "Unpublish"}: ${course.title}`}
          >
            {draft ? "Publish" : "Unpublish"}
          </Button>
          <ButtonLink
            as={Link}
            to={paths.training(course.id)}
            variant="secondary"
            size="sm"
            aria-label={`View Details: ${course.title}`}
          >
            View Details
          </ButtonLink>
        </div>
      </td>
    </tr>
  );
}

function SkeletonRow() {
  return (
    <div className="tr-skel" aria-hidden="true">
      <div className="tr-course">
        <Skeleton variant="block" className="tr-course__thumb" />
        <div className="tr-course__text">
          <Skeleton width="60%" height={20} />
          <SkeletonText lines={3} />
        </div>
      </div>
      <div className="tr-course__fee">
        <Skeleton width={80} height={20} />
      </div>
      <div className="tr-course__action">
        <Skeleton variant="block" width={112} height={36} />
      </div>
    </div>
  );
}
