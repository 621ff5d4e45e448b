import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { MyBooking } from "@app/contract";
import { ButtonLink } from "@app/ui";
import { formatPounds } from "@app/ui/format";

/** How often the page asks again while a paid change waits for the provider's confirmation. */
const RECHECK_MS = 3000;

/**
 * A date change waiting for its fee: back from the payment page (`?change=`), the page asks again
 * until the provider's confirmation has moved the booking; otherwise it offers the payment page.
 */
export function AwaitedChange({ booking, onRecheck }: { booking: MyBooking; onRecheck: () => void }) {
  const [params] = useSearchParams();
  const back = params.has("change");
  const awaited = booking.change_awaiting_payment;
  useEffect(() => {
    if (!back || !awaited) return;
    const timer = window.setTimeout(onRecheck, RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [back, awaited, onRecheck]);
  if (!awaited)
    return back && booking.status === "confirmed" ? (
      <p className="my-bookings__sent" role="status" data-testid="change-done">
        Thank you: your payment is through. The dates below are your booking's dates now, and we have e-mailed you what changed.
      </p>
    ) : null;
  return (
    <p className="my-bookings__quote" role="status" data-testid="change-awaited">
      {back
        ? `We are confirming your payment of ${formatPounds(awaited.fee)}. Your new date (${awaited.date_label}) shows here once it is through.`
        : `Your change of ${awaited.course} to ${awaited.date_label} waits for the ${formatPounds(awaited.fee)} fee.`}{" "}
      {!back && awaited.pay_url ? <ButtonLink href={awaited.pay_url}>Pay the fee</ButtonLink> : null}
    </p>
  );
}
