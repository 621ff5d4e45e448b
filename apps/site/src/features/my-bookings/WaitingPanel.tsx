import { useState } from "react";
import type { MyBooking } from "@app/contract";
import { Button } from "@app/ui";
import { ApiError } from "../../lib/api";
import { bookingPath, call, newKey } from "./client";

/** The customer's waiting-list places (their e-mail address), each with "Leave the list". */
export function WaitingPanel({ token, booking, onDone }: { token: string; booking: MyBooking; onDone: (b: MyBooking) => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!booking.waiting_list.length) return null;
  const leave = async (entryId: number) => {
    setBusy(entryId);
    setError(null);
    try {
      onDone(await call<MyBooking>(`${bookingPath(token)}/waiting-list/${entryId}`, "POST", { idempotency_key: newKey() }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(null);
    }
  };
  return (
    <section data-testid="waiting-lists">
      <h2>Waiting lists</h2>
      <ul className="my-bookings__list">
        {booking.waiting_list.map((w) => (
          <li key={w.id} className="my-bookings__row my-bookings__spread">
            <span>
              {w.course}: {w.date_label}
            </span>
            <Button size="sm" variant="secondary" loading={busy === w.id} onClick={() => void leave(w.id)}>
              Leave the list
            </Button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
