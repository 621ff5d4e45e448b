import { useState } from "react";
import { useNavigate } from "react-router";
import type { CourseDate, CourseDetail } from "@app/contract";
import type { FinderAnswers, Recommendation } from "@app/rules/course-finder";
import { poundsToPence } from "@app/rules";
import { formatPounds } from "@app/ui/format";
import { paths } from "../../config/paths";
import { Link } from "../../components/Link";
import { useCart } from "../../stores/cart";
import { maxPlacesOn, placesLabel } from "../../lib/places";
import { describeAnswers } from "./answers";
import { saveFinderAnswers } from "../../lib/finder-answers";

/** Dates offered per course (the next ones with places). */
const DATES_SHOWN = 3;

const bookable = (c: CourseDetail | null): CourseDate[] =>
  c ? c.courseDates.filter((d) => d.placesLeft > 0).slice(0, DATES_SHOWN) : [];

/** The first dates in order: each course starts after the one before it ends (first aid before the licence course). */
export function defaultDates(courses: (CourseDetail | null)[]): (number | null)[] {
  let after = "";
  return courses.map((c) => {
    const dates = bookable(c);
    const d = dates.find((x) => x.startDate > after) ?? dates[0];
    if (d) after = d.endDate;
    return d?.id ?? null;
  });
}

/** The contact form's address with the answers written into its message. */
export function contactHref(answers: FinderAnswers, unsettled: string): string {
  const message = [
    "Course finder: please help me choose a course.",
    ...describeAnswers(answers),
    `The finder said: ${unsettled}`,
  ].join("\n");
  return `${paths.contact}?${new URLSearchParams({ message }).toString()}#contact-form`;
}

export function FinderResult({
  answers,
  result,
  courses,
}: {
  answers: FinderAnswers;
  result: Recommendation;
  courses: Record<string, CourseDetail | null>;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const steps = result.steps.map((s) => ({ ...s, course: courses[s.slug] ?? null }));
  const [chosen, setChosen] = useState<(number | null)[]>(() => defaultDates(steps.map((s) => s.course)));
  const ready = steps.length > 0 && steps.every((s, i) => s.course && chosen[i] != null);

  function bookThese() {
    steps.forEach((s, i) => {
      const course = s.course;
      const date = course?.courseDates.find((d) => d.id === chosen[i]);
      if (!course || !date) return;
      cart.add({
        id: course.id,
        slug: course.slug,
        title: course.title,
        pricePence: poundsToPence(course.fee),
        image: course.thumbnail,
        selectedDateId: date.id,
        selectedDate: date.label,
        startDate: date.startDate,
        endDate: date.endDate,
        selectedAddons: [],
        quantity: 1,
        maxPlaces: maxPlacesOn(date.placesLeft),
        ...(course.prerequisites?.length ? { prerequisites: [...course.prerequisites] } : {}),
      });
    });
    saveFinderAnswers(answers);
    void navigate(paths.cart);
  }

  return (
    <section className="finder-card finder-result" aria-labelledby="finder-result-title">
      <h2 id="finder-result-title" className="finder-question">
        {steps.length > 0 ? "What to book" : "Our answer"}
      </h2>
      {steps.length > 0 ? (
        <ol className="finder-steps">
          {steps.map((s, i) => (
            <li key={s.slug} className="finder-steps__item">
              <h3>
                {s.course ? <Link to={paths.course(s.slug)}>{s.course.title}</Link> : s.slug}
                {s.course ? <span className="finder-fee"> · {formatPounds(s.course.fee)}</span> : null}
              </h3>
              <p>{s.reason}</p>
              {bookable(s.course).length > 0 ? (
                <fieldset className="finder-dates">
                  <legend>Next dates</legend>
                  {bookable(s.course).map((d) => (
                    <label key={d.id} className="finder-date-option">
                      <input
                        type="radio"
                        name={`date-${s.slug}`}
                        value={d.id}
                        checked={chosen[i] === d.id}
                        onChange={() => setChosen((c) => c.map((v, k) => (k === i ? d.id : v)))}
                      />
                      <span>
                        {d.label} · {placesLabel(d.placesLeft)}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p className="finder-hint">No dates with places at the moment: call us for the next one.</p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {result.notes.length > 0 ? (
        <ul className="finder-notes">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {steps.length === 0 && !result.unsettled ? <p>You do not need to book a course with us for this.</p> : null}
      {ready ? (
        <button
          type="button"
          className="ui-button ui-button--primary ui-button--lg ui-button--full"
          onClick={bookThese}
          disabled={!cart.hydrated}
        >
          Book these
        </button>
      ) : null}
      {result.unsettled ? (
        <div className="finder-unsettled" role="note">
          <p>{result.unsettled}</p>
          <Link
            to={contactHref(answers, result.unsettled)}
            className="ui-button ui-button--secondary ui-button--lg ui-button--full"
          >
            Ask us with your answers
          </Link>
        </div>
      ) : null}
      <p className="finder-again">
        <Link to={paths.courseFinder}>Start again</Link>
      </p>
    </section>
  );
}
