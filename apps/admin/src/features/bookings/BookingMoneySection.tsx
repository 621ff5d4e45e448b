/**
 * The booking page's money (issue 29): how the booking is paid, its money state, what was paid and
 * what is still due and when, the instalment schedule, every amount received with the provider's
 * id, and the saved card's failure if it did not pay. A part-paid booking's balance received by
 * bank transfer is recorded from here.
 */
import { Banknote } from "lucide-react";
import { Button } from "@app/ui";
import { CHARGE_KIND_LABELS, type BookingDetail } from "@app/contract";
import { formatLongDate } from "@app/rules";
import { Fact } from "../../components/Fact";
import { BookingSection } from "./BookingSection";
import { money, stamp } from "./format";

const PLAN_LABELS: Record<BookingDetail["money"]["plan"], string> = {
  full: "Paid in full at booking",
  deposit: "Deposit, then the balance",
  instalments: "Instalment plan",
  klarna: "Klarna",
};

const METHOD_LABELS: Record<string, string> = {
  card_online: "Card online",
  card_saved: "Saved card",
  klarna: "Klarna",
  card_phone: "Card by phone",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  invoice: "Invoice",
};

const INSTALMENT_STATUS: Record<BookingDetail["money"]["instalments"][number]["status"], string> = {
  scheduled: "Scheduled",
  paid: "Paid",
  failed: "Card failed, link sent",
  cancelled: "Not needed",
};

export function BookingMoneySection({
  booking,
  onRecordTransfer,
}: {
  booking: BookingDetail;
  /** Opens the record-payment dialog; absent when nothing can be recorded. */
  onRecordTransfer?: () => void;
}) {
  const m = booking.money;
  const partPaid = m.plan === "deposit" || m.plan === "instalments";
  return (
    <BookingSection id="bk-money" title="Money">
      <dl className="admin-details bk-money">
        <Fact label="How it is paid">{PLAN_LABELS[m.plan]}</Fact>
        {m.state ? <Fact label="State">{m.state[0]!.toUpperCase() + m.state.slice(1)}</Fact> : null}
        <Fact label="Paid">{money(m.paid)}</Fact>
        {m.net_paid !== m.paid ? <Fact label="Paid, less refunds">{money(m.net_paid)}</Fact> : null}
        {partPaid || m.outstanding > 0 ? <Fact label="Still due">{money(m.outstanding)}</Fact> : null}
        {m.due_on ? (
          <Fact label="Balance due">
            {formatLongDate(m.due_on)}
            {m.days_overdue > 0 ? ` (${m.days_overdue} ${m.days_overdue === 1 ? "day" : "days"} overdue)` : ""}
          </Fact>
        ) : null}
        {m.saved_card ? (
          <Fact label="Saved card">
            {m.saved_card.charge_failed_at
              ? `Did not pay on ${stamp(m.saved_card.charge_failed_at)}: ${m.saved_card.charge_error ?? "refused"}; link sent`
              : "Kept with consent, charged on the due day"}
          </Fact>
        ) : null}
        {m.released_unpaid_at ? <Fact label="Released unpaid">{stamp(m.released_unpaid_at)}</Fact> : null}
        {m.results_held ? <Fact label="Results">Held until paid in full</Fact> : null}
      </dl>
      {onRecordTransfer ? (
        <div>
          <Button variant="secondary" onClick={onRecordTransfer}>
            <Banknote size={18} aria-hidden="true" />
            Record bank transfer
          </Button>
        </div>
      ) : null}
      {m.instalments.length ? (
        <>
          <h3 className="content-fact-label">Schedule</h3>
          <ul className="bk-timeline bk-schedule">
            {m.instalments.map((i) => (
              <li key={i.seq}>
                <span className="bk-timeline__what">
                  {money(i.amount)} on {formatLongDate(i.due_on)}
                </span>
                <span>{INSTALMENT_STATUS[i.status]}</span>
                {i.last_error ? <span className="ui-muted">{i.last_error}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="content-fact-label">Payments received</h3>
      {m.charges.length === 0 ? (
        <p className="ui-muted">None yet</p>
      ) : (
        <ul className="bk-timeline bk-charges">
          {m.charges.map((c) => (
            <li key={c.id}>
              <span className="bk-timeline__what">
                {CHARGE_KIND_LABELS[c.kind]} {money(c.amount)} · {METHOD_LABELS[c.method] ?? c.method}
              </span>
              {c.provider_ref ? <span className="bk-mono">{c.provider_ref}</span> : null}
              <span className="bk-timeline__when">{stamp(c.received_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </BookingSection>
  );
}
