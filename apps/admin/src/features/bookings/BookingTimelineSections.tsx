/** The booking page's read-only timelines: the mails sent about it and its history of changes. */
import type { BookingDetail } from "@app/contract";
import { BookingSection as Section } from "./BookingSection";
import { money, stamp } from "./format";

export function BookingMailsSection({ booking }: { booking: BookingDetail }) {
  return (
    <Section id="bk-mails" title={`Mails sent (${booking.mails.length})`}>
      {booking.mails.length === 0 ? (
        <p className="ui-muted">No mails yet</p>
      ) : (
        <ul className="bk-timeline bk-mails">
          {booking.mails.map((m) => (
            <li key={m.id}>
              <span className="bk-timeline__what">{m.subject}</span>
              <span>
                To {m.to} · {m.status}
              </span>
              <span className="bk-timeline__when">{stamp(m.sent_at ?? m.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function BookingHistorySection({ booking }: { booking: BookingDetail }) {
  return (
    <Section id="bk-history" title="History">
      {booking.history.length === 0 ? (
        <p className="ui-muted">Nothing recorded yet</p>
      ) : (
        <ol className="bk-timeline bk-history">
          {booking.history.map((h) => (
            <li key={h.id}>
              <span className="bk-timeline__what">
                {h.action}
                {h.amount !== null ? ` · ${money(h.amount)}` : ""}
              </span>
              {h.details ? <span>{h.details}</span> : null}
              <span className="bk-timeline__when">
                {h.user_name} · {stamp(h.created_at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
