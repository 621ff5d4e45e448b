import { lazy, Suspense, useState } from "react";
import { BellRing } from "lucide-react";
import type { CourseDetail } from "@app/contract";
import { Button, Spinner } from "@app/ui";
import "./waitlist.css";

// The form and the contract's rules load only when someone asks for them (first load stays lean).
const WaitlistJoinForm = lazy(() => import("./WaitlistJoinForm"));

/**
 * 'Join the waiting list' for the course's fully booked dates (waiting lists and reminders). Shown on the course
 * page under 'Book Your Date' when at least one date has no place left.
 */
export function JoinWaitingList({ course }: { course: CourseDetail }) {
  const [open, setOpen] = useState(false);
  const fullDates = course.courseDates.filter((d) => d.placesLeft <= 0);
  if (fullDates.length === 0) return null;
  return (
    <section className="waitlist-join" aria-labelledby="waitlist-join-title">
      <h3 id="waitlist-join-title" className="waitlist-join__title">
        <BellRing size={20} aria-hidden="true" />{" "}
        {fullDates.length === 1 ? "This date is fully booked?" : "A date you want is fully booked?"}
      </h3>
      <p className="waitlist-join__text">
        Join the waiting list: when a place frees up we e-mail the first person in line and hold the place for them.
      </p>
      {open ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <WaitlistJoinForm dates={fullDates} courseTitle={course.title} />
        </Suspense>
      ) : (
        <Button type="button" variant="secondary" fullWidth onClick={() => setOpen(true)}>
          Join the waiting list
        </Button>
      )}
    </section>
  );
}
