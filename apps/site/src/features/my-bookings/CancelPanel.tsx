import { useState } from "react";
import type { MyBooking } from "@app/contract";
import { Button } from "@app/ui";
import { ApiError } from "../../lib/api";
import { bookingPath, call, newKey, type CancelQuote } from "./client";

/** Cancel: the exact refund is shown before the customer confirms, and the booking as it is after. */
export function CancelPanel({ token, onDone }: { token: string; onDone: (b: MyBooking) => void }) {
  const [quote, setQuote] = useState<CancelQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newKey);
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
  return (
    <section>
      <h2>Cancel this booking</h2>
      {!quote ? (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void run(async () => setQuote(await call<CancelQuote>(`${bookingPath(token)}/cancel`)))}
        >
          See what cancelling would refund
        </Button>
      ) : quote.allowed ? (
        <>
          <p className="my-bookings__quote" data-testid="cancel-quote">
            {quote.summary}
          </p>
          <Button
            variant="danger"
            loading={busy}
            onClick={() =>
              void run(async () =>
                onDone(await call<MyBooking>(`${bookingPath(token)}/cancel`, "POST", { idempotency_key: key })),
              )
            }
          >
            Cancel my booking
          </Button>
        </>
      ) : (
        <p className="my-bookings__quote">{quote.reason}</p>
      )}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
