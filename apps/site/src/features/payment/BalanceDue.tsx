import type { OrderStatus } from "./api";
import { formatLongDate, formatPounds } from "@app/ui/format";

/** On a part-paid booking (deposit paid): what is still due, by when, and the balance page's link. */
export function BalanceDue({ status }: { status: OrderStatus }) {
  if (!status.balance_link || !status.amount_due) return null;
  return (
    <div className="payment-details__balance" data-testid="balance-due">
      <p>
        Still to pay: <strong>{formatPounds(status.amount_due)}</strong>
        {status.balance_due_on ? <> by {formatLongDate(status.balance_due_on)}</> : null}. We have e-mailed you this link too.
      </p>
      <a className="ui-button ui-button--primary ui-button--md" href={status.balance_link}>
        Pay the balance
      </a>
    </div>
  );
}
