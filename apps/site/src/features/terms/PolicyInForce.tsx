import { useEffect, useState } from "react";
import type { PolicyVersion } from "@app/contract";
import { useSiteConfig } from "../../config/site";
import { apiFetch } from "../../lib/api";

type Band = { from_days: number; percent: number };

const ladder = (bands: Band[]) =>
  [...bands]
    .sort((a, b) => b.from_days - a.from_days)
    .map((b, i, all) => {
      const upper = i === 0 ? null : all[i - 1]!.from_days - 1;
      const when = upper === null ? `${b.from_days} days or more before the start` : `${b.from_days} to ${upper} days before`;
      return `${when}: ${b.percent === 0 ? "free" : `${b.percent}% of the price`}`;
    })
    .join("; ");

const rest = (r: "refund" | "credit" | "none") =>
  r === "refund"
    ? "the rest is refunded"
    : r === "credit"
      ? "the rest is kept as credit for a future booking"
      : "nothing is refunded";

/**
 * The booking policy in force (decision 441), read from the API, with the model cancellation form's
 * information: each booking keeps the version it was made under.
 */
export function PolicyInForce() {
  const { provider } = useSiteConfig();
  const a = provider.address;
  const address = [a.street, a.locality, a.postcode].join(", ");
  const [p, setP] = useState<PolicyVersion | null>(null);
  useEffect(() => {
    apiFetch<PolicyVersion>("/api/booking-policy")
      .then(setP)
      .catch(() => setP(null));
  }, []);
  return (
    <section id="policy" className="terms__section" aria-labelledby="policy-title" data-testid="policy-in-force">
      <h2 id="policy-title">Changing or cancelling your booking yourself</h2>
      <p>
        You can change the date, cancel or correct names on your booking&apos;s own page (the link is in your confirmation mail,
        or sign in under My bookings).
      </p>
      <p>
        Your right to cancel: you have the right to cancel within 14 days of booking without giving any reason, and before the
        course starts you get everything back. If you expressly asked for the course to start within those 14 days, we keep an
        amount in proportion to the course days begun. We refund within 14 days of being told, to the card you paid with. To
        cancel, tell us ({provider.name}, {address}, {provider.phone}, {provider.email}) by a clear statement (a letter or
        e-mail), or use the Cancel button on your booking&apos;s page. You may use this model form, but it is not obligatory:
        &quot;To {provider.name}, {address}, {provider.email}: I hereby give notice that I cancel my contract for the following
        service: [course], booked on [date], name, address, date.&quot;
      </p>
      {p ? (
        <>
          <p>
            Change of date (policy version {p.version}): not within {p.policy.change_cutoff_days} days of the start, at most{" "}
            {p.policy.max_changes} times; fee: {ladder(p.policy.change_fees)}. A cheaper date:{" "}
            {p.policy.cheaper_date === "refund" ? "the difference is refunded" : "the difference is kept as credit"}.
          </p>
          <p>
            Cancelling after the 14 days: {ladder(p.policy.cancel_fees)}; {rest(p.policy.cancel_rest)}.
          </p>
          <p>
            Employers booking staff (a company name given at checkout) have no cancellation period:{" "}
            {ladder(p.policy.business_cancel_fees)}; {rest(p.policy.business_cancel_rest)}.
          </p>
          <p>
            Names can be corrected until {p.policy.name_change_cutoff_days} days before the start (they must match the ID shown on
            the day).
          </p>
        </>
      ) : null}
    </section>
  );
}
