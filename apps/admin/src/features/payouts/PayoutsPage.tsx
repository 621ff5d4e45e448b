/**
 * Payouts (issue 34): what the payment provider paid into the bank, each with its fees and how many
 * of its lines did not match a booking; "Fetch payouts" asks the provider for new ones.
 */
import { Link } from "react-router-dom";
import { RefreshCw } from "lucide-react";
import { Button, EmptyState, ErrorState, Skeleton, useToast } from "@app/ui";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";

import { errorMessage } from "../../lib/errors";
import { usePayouts, useSyncPayouts } from "./api";
import { arrivalDay, pounds, statusLabel } from "./format";
import "./payouts.css";

export default function PayoutsPage() {
  usePageTitle("Payouts");
  const toast = useToast();
  const query = usePayouts();
  const sync = useSyncPayouts({
    onSuccess: (count) => toast.success(count === 1 ? "1 payout fetched and matched" : `${count} payouts fetched and matched`),
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <section className="admin-page payouts-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Payouts</h1>
          <p className="admin-page__subtitle">
            What Stripe paid into the bank, the fees it kept, and any payment or refund that matches no booking.
          </p>
        </div>
        <Button onClick={() => sync.mutate()} loading={sync.isPending}>
          <RefreshCw size={18} aria-hidden="true" />
          Fetch payouts
        </Button>
      </header>
      {sync.isError ? (
        <p role="alert" className="payouts-page__error">
          {errorMessage(sync.error)}
        </p>
      ) : null}
      {query.isPending ? (
        <Skeleton variant="block" height={200} />
      ) : query.isError ? (
        <ErrorState
          title="The payouts could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="No payouts yet" text="Fetch payouts to bring in what Stripe has paid out." />
      ) : (
        <div className="admin-card admin-table-wrap" tabIndex={0} role="region" aria-label="Payouts, table">
          <table className="admin-table payouts-table">
            <caption className="ui-visually-hidden">Payouts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Arrives</th>
                <th scope="col">Amount</th>
                <th scope="col">Fees</th>
                <th scope="col">Status</th>
                <th scope="col">Not matched</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={paths.payout(p.id)}>{arrivalDay(p.arrival_date)}</Link>
                  </th>
                  <td>{pounds(p.amount)}</td>
                  <td>{pounds(p.fees)}</td>
                  <td>{statusLabel(p.status)}</td>
                  <td className={p.unmatched > 0 ? "payouts-table__unmatched" : undefined}>
                    {p.unmatched > 0 ? `${p.unmatched} to check` : "None"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
