/**
 * The booking's invoices and credit notes (issue 34), each a PDF by its secret link: the customer
 * reaches them only through this booking's own page or their mails.
 */
import type { MyBooking } from "@app/contract";
import { formatDateRange, formatPounds } from "@app/rules";

const TYPE_LABELS = { invoice: "Invoice", credit_note: "Credit note" } as const;
const issuedOn = (iso: string) => formatDateRange(iso.slice(0, 10), iso.slice(0, 10));

export function DocumentsSection({ documents }: { documents: MyBooking["documents"] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="my-booking-documents">
      <h2 id="my-booking-documents">Invoices and credit notes</h2>
      <ul className="my-bookings__documents">
        {documents.map((d) => (
          <li key={d.number}>
            <a href={d.url}>
              {TYPE_LABELS[d.type]} {d.number} (PDF)
            </a>
            <span>
              {formatPounds(d.type === "credit_note" ? -d.amount : d.amount)} · {issuedOn(d.issued_at)}
              {d.corrects ? ` · corrects ${d.corrects}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
