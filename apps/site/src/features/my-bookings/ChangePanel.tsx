import { useState } from "react";
import type { MyBooking } from "@app/contract";
import { Button } from "@app/ui";
import { ApiError } from "../../lib/api";
import { formatPounds } from "@app/ui/format";
import { bookingPath, call, newKey, type ChangeCheckout, type ChangeOption } from "./client";

/** Change date: the other dates of the same course, with the fee or why not, under the booking's policy. */
export function ChangePanel({ token, onDone }: { token: string; onDone: (b: MyBooking) => void }) {
  const [options, setOptions] = useState<ChangeOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const move = (o: ChangeOption) =>
    run(async () => {
      const answer = await call<MyBooking | ChangeCheckout>(`${bookingPath(token)}/change`, "POST", {
        item_id: o.item_id,
        course_date_id: o.course_date_id,
        idempotency_key: newKey(),
      });
      // A fee: off to the payment page; the date changes once the payment is through.
      if ("checkout_url" in answer) {
        setLeaving(answer.message);
        window.location.assign(answer.checkout_url);
        return;
      }
      onDone(answer);
      setOptions(null);
    });
  return (
    <section>
      <h2>Change date</h2>
      {!options ? (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() =>
            void run(async () => setOptions((await call<{ items: ChangeOption[] }>(`${bookingPath(token)}/change`)).items))
          }
        >
          See other dates
        </Button>
      ) : options.length === 0 ? (
        <p>There are no other dates of this course yet.</p>
      ) : (
        <ul className="my-bookings__list">
          {options.map((o) => (
            <li key={`${o.item_id}-${o.course_date_id}`} className="my-bookings__row">
              <span>
                {o.date_label} · {o.places_left} left{o.allowed ? ` · fee ${formatPounds(o.fee)}` : ""}
              </span>
              {o.allowed ? (
                <Button size="sm" loading={busy || leaving !== null} onClick={() => void move(o)}>
                  {o.fee > 0 ? `Pay ${formatPounds(o.fee)} and move` : "Move to this date"}
                </Button>
              ) : (
                <span>{o.reason}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {leaving ? <p className="my-bookings__quote">{leaving}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
