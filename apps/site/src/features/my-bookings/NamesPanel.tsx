import { useState, type FormEvent } from "react";
import type { MyBooking } from "@app/contract";
import { Button, TextField } from "@app/ui";
import { ApiError } from "../../lib/api";
import { formatLongDate } from "@app/ui/format";
import { bookingPath, call, newKey } from "./client";

/** Correct a name (as on the ID shown on the day) or name a colleague for an unnamed place, until the policy's cut-off. */
export function NamesPanel({ token, booking, onDone }: { token: string; booking: MyBooking; onDone: (b: MyBooking) => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [first, setFirst] = useState("");
  const [last, setLast] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!booking.names_editable_until) return null;
  const people = booking.courses.flatMap((c) => c.attendees.map((a) => ({ ...a, course: c.title })));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(
        await call<MyBooking>(`${bookingPath(token)}/attendees/${editing}`, "POST", {
          first_name: first,
          last_name: last,
          idempotency_key: newKey(),
        }),
      );
      setEditing(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h2>Names</h2>
      <p>
        Names must match the ID shown on the day. You can correct them here until {formatLongDate(booking.names_editable_until)}.
      </p>
      <ul className="my-bookings__list">
        {people.map((p) => (
          <li key={p.id} className="my-bookings__row">
            <span>{p.named ? p.name : "Place not named yet"}</span>
            <Button size="sm" variant="ghost" onClick={() => setEditing(p.id)}>
              {p.named ? "Correct the name" : "Name a colleague"}
            </Button>
          </li>
        ))}
      </ul>
      {editing !== null ? (
        <form className="my-bookings__form" onSubmit={(e) => void save(e)}>
          <TextField label="First name*" required value={first} onChange={(e) => setFirst(e.target.value)} />
          <TextField label="Last name*" required value={last} onChange={(e) => setLast(e.target.value)} error={error} />
          <Button type="submit" loading={busy}>
            Save the name
          </Button>
        </form>
      ) : null}
    </section>
  );
}
