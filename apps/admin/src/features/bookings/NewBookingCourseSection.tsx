/** The New booking form's course, date and add-ons, with a warning when the date has too few places. */
import { CheckboxField, SelectField } from "@app/ui";
import { errorMessage } from "../../lib/errors";
import { courseDate, money } from "./format";
import type { NewBookingForm } from "./useNewBookingForm";

export function NewBookingCourseSection({ form }: { form: NewBookingForm }) {
  const { draft, errors, change, edit, courses, course, detail, dates, addOns, places, chosenDate } = form;
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-new-course">
      <div className="admin-card__header">
        <h2 id="bk-new-course" className="admin-card__title">
          Course and date
        </h2>
      </div>
      <div className="admin-card__body">
        <div className="bk-form__grid">
          <SelectField
            label="Course*"
            placeholder={courses.isPending ? "Loading courses..." : "Choose a course"}
            value={draft.courseId}
            onChange={(e) => {
              edit("courseId", e.target.value);
              change("courseDateId", "");
              change("addOnIds", []);
            }}
            options={(courses.data ?? []).map((c) => ({ value: String(c.id), label: `${c.title} (${money(c.fee)})` }))}
            error={errors.course_id ?? (courses.isError ? errorMessage(courses.error) : undefined)}
          />
          <SelectField
            label="Date*"
            placeholder={
              !draft.courseId
                ? "Choose a course first"
                : course.isPending
                  ? "Loading dates..."
                  : dates.length
                    ? "Choose a date"
                    : "No upcoming dates"
            }
            value={draft.courseDateId}
            disabled={!detail || dates.length === 0}
            onChange={(e) => edit("courseDateId", e.target.value)}
            options={dates.map((d) => ({
              value: String(d.id),
              label: `${courseDate(d.startDate, d.endDate)} · ${d.placesLeft === 1 ? "1 place left" : `${d.placesLeft} places left`}`,
              disabled: d.placesLeft < 1,
            }))}
            error={errors.course_date_id ?? (course.isError ? errorMessage(course.error) : undefined)}
          />
        </div>
        {addOns.length > 0 ? (
          <fieldset className="bk-choice">
            <legend>Add-ons (per place)</legend>
            {addOns.map((a) => (
              <CheckboxField
                key={a.id}
                label={`${a.name} (${money(a.price)})`}
                checked={draft.addOnIds.includes(a.id)}
                onChange={(e) =>
                  edit("addOnIds", e.target.checked ? [...draft.addOnIds, a.id] : draft.addOnIds.filter((x) => x !== a.id))
                }
              />
            ))}
          </fieldset>
        ) : null}
        {chosenDate && chosenDate.placesLeft < places ? (
          <p className="bk-field-error" role="alert">
            Only {chosenDate.placesLeft} {chosenDate.placesLeft === 1 ? "place is" : "places are"} left on this date.
          </p>
        ) : null}
      </div>
    </section>
  );
}
