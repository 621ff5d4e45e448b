/** The booking page's payment: method, provider and its ids, when it was paid, and every refund. */
import { PAYMENT_METHOD_LABELS } from "@app/contract";
import type { BookingDetail } from "@app/contract";
import { Fact } from "../../components/Fact";
import { BookingSection as Section } from "./BookingSection";
import { money, stamp } from "./format";

export function BookingPaymentSection({ booking }: { booking: BookingDetail }) {
  const p = booking.payment;
  return (
    <Section id="bk-payment" title="Payment">
      <dl className="admin-details bk-payment">
        <Fact label="Method">{PAYMENT_METHOD_LABELS[p.method]}</Fact>
        <Fact label="Provider">{p.provider}</Fact>
        <Fact label="Paid">
          {p.invoice_unpaid ? "Unpaid, invoice sent" : p.paid_at ? `${money(p.amount_paid)} on ${stamp(p.paid_at)}` : "Not paid"}
        </Fact>
        {booking.cancelled_at ? <Fact label="Cancelled">{stamp(booking.cancelled_at)}</Fact> : null}
        {booking.status === "pending" ? <Fact label="Hold ends">{stamp(booking.expires_at)}</Fact> : null}
        {p.provider_session_id ? (
          <Fact label="Checkout session id">
            <span className="bk-mono">{p.provider_session_id}</span>
          </Fact>
        ) : null}
        {p.provider_payment_id ? (
          <Fact label="Payment id">
            <span className="bk-mono">{p.provider_payment_id}</span>
          </Fact>
        ) : null}
      </dl>
      <h3 className="content-fact-label">Refunds</h3>
      {p.refunds.length === 0 ? (
        <p className="ui-muted">No refunds</p>
      ) : (
        <ul className="bk-timeline bk-refunds">
          {p.refunds.map((r) => (
            <li key={r.id}>
              <span className="bk-timeline__what">
                {money(r.amount)} by {r.admin_name}
              </span>
              {r.provider_refund_id ? <span className="bk-mono">{r.provider_refund_id}</span> : null}
              {r.reason ? <span>{r.reason}</span> : null}
              <span className="bk-timeline__when">{stamp(r.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
