/** The New booking form's attendees: one row per place, added up to the order limit. */
import { Plus, Trash2 } from "lucide-react";
import { Button, TextField } from "@app/ui";
import { MAX_PLACES_PER_ORDER } from "@app/contract";
import { canAddAttendee, emptyAttendee } from "./manualBooking";
import type { NewBookingForm } from "./useNewBookingForm";

export function NewBookingAttendeesSection({ form }: { form: NewBookingForm }) {
  const { draft, errors, edit, setAttendee, places } = form;
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-new-attendees">
      <div className="admin-card__header">
        <h2 id="bk-new-attendees" className="admin-card__title">
          Attendees ({places} {places === 1 ? "place" : "places"})
        </h2>
      </div>
      <div className="admin-card__body">
        <ol className="bk-attendees" aria-label="Attendees" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {draft.attendees.map((a, i) => (
            <li key={a.key} className="bk-attendee">
              <TextField
                label={`Attendee ${i + 1} first name*`}
                value={a.first_name}
                onChange={(e) => setAttendee(i, "first_name", e.target.value)}
                error={errors[`attendees.${i}.first_name`]}
              />
              <TextField
                label={`Attendee ${i + 1} last name*`}
                value={a.last_name}
                onChange={(e) => setAttendee(i, "last_name", e.target.value)}
                error={errors[`attendees.${i}.last_name`]}
              />
              <TextField
                label={`Attendee ${i + 1} e-mail`}
                type="email"
                value={a.email}
                onChange={(e) => setAttendee(i, "email", e.target.value)}
                error={errors[`attendees.${i}.email`]}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={draft.attendees.length === 1}
                onClick={() =>
                  edit(
                    "attendees",
                    draft.attendees.filter((x) => x.key !== a.key),
                  )
                }
                aria-label={`Remove attendee ${i + 1}`}
              >
                <Trash2 size={16} aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {errors.attendees ? <p className="bk-field-error">{errors.attendees}</p> : null}
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={!canAddAttendee(draft)}
            onClick={() => edit("attendees", [...draft.attendees, emptyAttendee()])}
          >
            <Plus size={16} aria-hidden="true" />
            Add attendee
          </Button>
          {!canAddAttendee(draft) ? <p className="ui-muted">At most {MAX_PLACES_PER_ORDER} places per booking.</p> : null}
        </div>
      </div>
    </section>
  );
}
