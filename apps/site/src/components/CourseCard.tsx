import { ArrowRight, CalendarDays, Clock } from "lucide-react";
import type { CourseListItem } from "@app/contract";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { Skeleton, SkeletonText } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import { paths } from "../config/paths";
import { CourseImage } from "./CourseImage";
import { Link } from "./Link";

/** Spec §2 course card: thumbnail, title (2 lines), description (5 lines), 'Training Fee', 'See Details'. */
export function CourseCard({
  course,
  headingLevel = 3,
  eagerImage = false,
}: {
  course: CourseListItem;
  headingLevel?: 2 | 3;
  eagerImage?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="course-card">
      <div className="course-card__media">
        <CourseImage path={course.thumbnail} eager={eagerImage} />
      </div>
      <div className="course-card__body">
        <Heading className="course-card__title">{course.title}</Heading>
        <ul className="course-card__chips">
          {course.duration ? (
            <li>
              <CalendarDays size={16} aria-hidden="true" /> {course.duration}
            </li>
          ) : null}
          {course.time ? (
            <li>
              <Clock size={16} aria-hidden="true" /> {course.time}
            </li>
          ) : null}
        </ul>
        <p className="course-card__next">
          {course.next_date ? (
            <>
              <span className="course-card__next-label">Next date:</span>{" "}
              {formatDateRangeWithWeekday(course.next_date, course.next_date_end ?? course.next_date)}
              {course.next_date_places_left != null ? (
                <span
                  className={
                    course.next_date_places_left <= 3 ? "course-card__places course-card__places--low" : "course-card__places"
                  }
                >
                  {course.next_date_places_left === 1 ? "1 place left" : `${course.next_date_places_left} places left`}
                </span>
              ) : null}
            </>
          ) : (
            <span className="course-card__next-label">New dates coming soon</span>
          )}
        </p>
        <p className="course-card__description">{course.description}</p>
        <div className="course-card__footer">
          <p className="course-card__fee">
            <span className="course-card__fee-label">Training Fee</span>
            <span className="ui-price course-card__price">{formatPounds(course.fee)}</span>
          </p>
          <Link to={paths.course(course.slug)} className="ui-button ui-button--primary ui-button--md course-card__cta">
            See Details
            <span className="ui-visually-hidden"> about {course.title}</span>
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div className="course-card course-card--skeleton" aria-hidden="true">
      <div className="course-card__media">
        <Skeleton variant="block" width="100%" height="100%" />
      </div>
      <div className="course-card__body">
        <Skeleton variant="line" width="80%" height={24} />
        <SkeletonText lines={4} />
        <div className="course-card__footer">
          <Skeleton variant="line" width={90} height={32} />
          <Skeleton variant="block" width={130} height={44} />
        </div>
      </div>
    </div>
  );
}

/** Spec §9: 6 skeleton course cards while loading. */
export const COURSE_SKELETONS = 6;

export function CourseGridSkeleton({ count = COURSE_SKELETONS }: { count?: number }) {
  return (
    <div className="course-grid" role="status" aria-label="Loading courses">
      {Array.from({ length: count }, (_, i) => (
        <CourseCardSkeleton key={i} />
      ))}
    </div>
  );
}
