import { Award, CheckCircle2, MonitorSmartphone, UserCheck, Zap } from "lucide-react";
import type { CourseDetail } from "@app/contract";
import { DEFAULT_SIDE_BOX_BENEFITS } from "@app/contract/course-facts";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { formatPounds } from "@app/ui/format";
import { placesLabel } from "./components/BookingForm";

/** Spec §2: the side box's icons for its four site-wide lines; a course's own lines get a tick. */
const BENEFIT_ICONS = new Map<string, typeof Zap>([
  [DEFAULT_SIDE_BOX_BENEFITS[0], MonitorSmartphone],
  [DEFAULT_SIDE_BOX_BENEFITS[1], Zap],
  [DEFAULT_SIDE_BOX_BENEFITS[2], Award],
  [DEFAULT_SIDE_BOX_BENEFITS[3], UserCheck],
]);

/** The course's side-box lines (its own, or the site-wide four) with their icons. */
export const benefitsOf = (course: Pick<CourseDetail, "side_box_benefits">) =>
  (course.side_box_benefits ?? DEFAULT_SIDE_BOX_BENEFITS).map((text) => ({
    text,
    Icon: BENEFIT_ICONS.get(text) ?? CheckCircle2,
  }));

/** The booking panel's next bookable date with its places (the panel stays in view on desktop). */
function NextDate({ course }: { course: CourseDetail }) {
  const next = course.courseDates.find((d) => d.placesLeft > 0);
  if (!next) return <p className="side-box__next">No dates with places at the moment: call us for the next one.</p>;
  return (
    <p className="side-box__next">
      <span className="side-box__fee-label">Next date</span>
      <strong>{formatDateRangeWithWeekday(next.startDate, next.endDate)}</strong>
      <span>
        {course.time} · {placesLabel(next.placesLeft)}
      </span>
    </p>
  );
}

/** The side box beside the course: what every booking includes, the next date, the fee and a link to the booking form. */
export function CourseAside({ course }: { course: CourseDetail }) {
  return (
    <aside className="course-aside" aria-label="Course summary">
      <div className="side-box">
        <ul className="benefits">
          {benefitsOf(course).map(({ Icon, text }) => (
            <li key={text}>
              <Icon size={22} aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        {course.withdrawn ? null : <NextDate course={course} />}
        <p className="side-box__fee">
          <span className="side-box__fee-label">Course Fee</span>
          <span className="ui-price side-box__price">{formatPounds(course.fee)}</span>
        </p>
        {course.withdrawn ? null : (
          <a href="#book" className="ui-button ui-button--primary ui-button--lg ui-button--full">
            Enroll Today
          </a>
        )}
      </div>
    </aside>
  );
}
