/**
 * The booking's invoices and credit notes (issue 34): each as issued, as a PDF the office opens
 * with its session; a credit note names the invoice it corrects.
 */
import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { ErrorState } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { apiLink, bookingKeys } from "./api";
import { money, stamp } from "./format";

const TYPE_LABELS = { invoice: "Invoice", credit_note: "Credit note" } as const;

export function DocumentsSection({ bookingId }: { bookingId: number }) {
  const query = useQuery({
    queryKey: bookingKeys.documents(bookingId),
    queryFn: () => unwrap(api.invoices.ofBooking({ params: { id: bookingId } })),
  });
  const docs = query.data ?? [];
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-documents">
      <div className="admin-card__header">
        <h2 id="bk-documents" className="admin-card__title">
          Invoices and credit notes{query.data ? ` (${docs.length})` : ""}
        </h2>
      </div>
      <div className="admin-card__body">
        {query.isPending ? <p className="ui-muted">Loading the documents</p> : null}
        {query.isError ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data && docs.length === 0 ? (
          <p className="ui-muted">No invoices yet: one is issued with each payment.</p>
        ) : (
          <ul className="bk-timeline bk-documents">
            {docs.map((d) => (
              <li key={d.number}>
                <a className="bk-timeline__what bk-document" href={apiLink(d.pdf_path)} target="_blank" rel="noopener">
                  <FileText size={16} aria-hidden="true" />
                  {TYPE_LABELS[d.type]} {d.number}
                  <span className="ui-visually-hidden"> (PDF)</span>
                </a>
                <span>
                  {money(d.type === "credit_note" ? -d.amount : d.amount)}
                  {d.vat > 0 ? ` incl. ${money(d.vat)} VAT` : ""}
                  {d.corrects ? ` · corrects ${d.corrects}` : ""}
                </span>
                <span className="bk-timeline__when">{stamp(d.issued_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
