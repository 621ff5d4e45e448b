/**
 * /payouts/{id}: one payout's lines (payments, refunds, Stripe's fees), each with the booking it
 * matched; the lines that matched none come first, for the office to look into.
 */
import { Link, useParams } from "react-router-dom";
import type { Payout } from "@app/contract";
import { ErrorState, Skeleton } from "@app/ui";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { Fact } from "../../components/Fact";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { errorMessage } from "../../lib/errors";
import { usePayouts } from "./api";
import { arrivalDay, lineTypeLabel, PAYMENT_TYPES, pounds, REFUND_TYPES, statusLabel } from "./format";
import "./payouts.css";

type Line = Payout["lines"][number];

function LinesTable({ title, lines }: { title: string; lines: Line[] }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`${title}, table`}>
      <table className="admin-table payouts-table">
        <caption className="ui-visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Booking</th>
            <th scope="col">Amount</th>
            <th scope="col">Fee</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <th scope="row">
                {lineTypeLabel(l.type)}
                {l.description ? <span className="payouts-line__about">{l.description}</span> : null}
                {l.source ? <span className="payouts-line__about payouts-mono">{l.source}</span> : null}
              </th>
              <td>
                {l.booking_id && l.booking_reference ? (
                  <Link to={paths.booking(l.booking_id)}>{l.booking_reference}</Link>
                ) : l.matched ? (
                  "—"
                ) : (
                  <span className="payouts-table__unmatched">No booking</span>
                )}
              </td>
              <td>{pounds(l.amount)}</td>
              <td>{pounds(l.fee)}</td>
              <td>{pounds(l.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PayoutView({ payout }: { payout: Payout }) {
  const unmatched = payout.lines.filter((l) => !l.matched);
  const matched = payout.lines.filter((l) => l.matched);
  const total = (types: readonly string[]) =>
    payout.lines.filter((l) => types.includes(l.type)).reduce((sum, l) => sum + l.amount, 0);
  const payments = total(PAYMENT_TYPES);
  const refunds = total(REFUND_TYPES);
  // Stripe's own fee lines, adjustments and the like: what is neither a payment nor a refund.
  const other = payout.lines
    .filter((l) => !PAYMENT_TYPES.includes(l.type) && !REFUND_TYPES.includes(l.type))
    .reduce((sum, l) => sum + l.amount, 0);
  return (
    <>
      <dl className="admin-card admin-card__body admin-details payouts-facts">
        <Fact label="Amount">{pounds(payout.amount)}</Fact>
        <Fact label="Arrives">{arrivalDay(payout.arrival_date)}</Fact>
        <Fact label="Status">{statusLabel(payout.status)}</Fact>
        <Fact label="Fees">{pounds(payout.fees)}</Fact>
        <Fact label="Payments">{pounds(payments)}</Fact>
        <Fact label="Refunds">{pounds(refunds)}</Fact>
        {other !== 0 ? <Fact label="Other lines">{pounds(other)}</Fact> : null}
        <Fact label="Stripe's id">
          <span className="payouts-mono">{payout.id}</span>
        </Fact>
      </dl>
      {unmatched.length > 0 ? (
        <section className="admin-card payouts-section" aria-labelledby="payout-unmatched">
          <h2 id="payout-unmatched" className="admin-card__title payouts-section__title">
            Not matched to a booking ({unmatched.length})
          </h2>
          <p className="payouts-section__note">
            These lines name no payment or refund recorded here: look them up in Stripe before the books are closed.
          </p>
          <LinesTable title="Not matched to a booking" lines={unmatched} />
        </section>
      ) : null}
      <section className="admin-card payouts-section" aria-labelledby="payout-lines">
        <h2 id="payout-lines" className="admin-card__title payouts-section__title">
          What it contains ({matched.length})
        </h2>
        {matched.length === 0 ? (
          <p className="ui-muted">No matched lines.</p>
        ) : (
          <LinesTable title="What it contains" lines={matched} />
        )}
      </section>
    </>
  );
}

export default function PayoutPage() {
  const { id = "" } = useParams();
  const query = usePayouts();
  const payout = query.data?.find((p) => p.id === id);
  const title = payout ? `Payout of ${arrivalDay(payout.arrival_date)}` : "Payout";
  usePageTitle(title);
  return (
    <section className="admin-page payouts-page">
      <RouterBreadcrumb items={[{ label: "Payouts", href: paths.payouts }, { label: title }]} />
      <h1 className="admin-page__title">{title}</h1>
      {query.isPending ? (
        <Skeleton variant="block" height={200} />
      ) : query.isError ? (
        <ErrorState
          title="The payout could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : payout ? (
        <PayoutView payout={payout} />
      ) : (
        <ErrorState title="Payout not found" message="It may not have been fetched yet." />
      )}
    </section>
  );
}
