/** The booking page's amounts: subtotal, discount, total, and what was paid, refunded and is still owed. */
import type { BookingDetail } from "@app/contract";
import { owedOn } from "./ActionDialogs";
import { BookingSection as Section } from "./BookingSection";
import { money } from "./format";

export function BookingAmountsSection({ booking }: { booking: BookingDetail }) {
  const p = booking.payment;
  return (
    <Section id="bk-amounts" title="Amounts">
      <ul className="bk-lines">
        <li>
          <span>Subtotal</span>
          <span>{money(booking.subtotal)}</span>
        </li>
        {booking.discount ? (
          <li>
            <span>
              Discount <span className="bk-mono">{booking.discount.code}</span>
              {booking.discount.percent_off !== null
                ? ` (${booking.discount.percent_off}%)`
                : booking.discount.amount_off
                  ? ` (${money(booking.discount.amount_off)} off)`
                  : ""}
            </span>
            <span>−{money(booking.discount.amount)}</span>
          </li>
        ) : null}
        <li className="bk-lines__total">
          <span>Total</span>
          <span>{money(booking.total)}</span>
        </li>
        <li>
          <span>Paid</span>
          <span>{p.invoice_unpaid ? "Unpaid, invoice sent" : money(p.amount_paid)}</span>
        </li>
        {p.refunded > 0 ? (
          <li>
            <span>Refunded</span>
            <span>−{money(p.refunded)}</span>
          </li>
        ) : null}
        {booking.status === "confirmed" && p.provider === "manual" && owedOn(booking) > 0 ? (
          <li>
            <span>Still owed</span>
            <span>{money(owedOn(booking))}</span>
          </li>
        ) : null}
        {(p.amount_paid ?? 0) > 0 ? (
          <li>
            <span>Left to refund</span>
            <span>{money(p.refundable)}</span>
          </li>
        ) : null}
      </ul>
    </Section>
  );
}
