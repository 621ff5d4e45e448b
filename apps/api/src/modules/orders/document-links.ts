/**
 * Links to the invoices and credit notes of a booking for the customer's mails. The invoices
 * module issues the documents and provides the links here (it registers at start), so the mails
 * written by the orders and bookings modules carry them without importing it (decision 368).
 */
import type { DbOrTx } from "../../db/client";
import type { RenderedMail } from "../mail";
import { escapeHtml } from "../../lib/html";

export type DocumentLink = { type: "invoice" | "credit_note"; number: string; url: string };
export type DocumentLinkQuery = { type: DocumentLink["type"]; issuedFrom?: Date };
type DocumentLinkProvider = (db: DbOrTx, orderId: number, query: DocumentLinkQuery) => Promise<DocumentLink[]>;

let provider: DocumentLinkProvider | null = null;

export function provideDocumentLinks(next: DocumentLinkProvider): void {
  provider = next;
}

const LABEL = { invoice: "Invoice", credit_note: "Credit note" } as const;

/**
 * The mail with a paragraph per matching document ("Invoice INV-2026-00042 (PDF): <link>") before
 * its footer; unchanged when there is none (a booking paid before invoices began) or no provider.
 */
export async function withDocumentLinksTx(
  db: DbOrTx,
  orderId: number,
  mail: RenderedMail,
  query: DocumentLinkQuery,
): Promise<RenderedMail> {
  const links = provider ? await provider(db, orderId, query) : [];
  if (links.length === 0) return mail;
  const text = `${mail.text}\n\n${links.map((l) => `${LABEL[l.type]} ${l.number} (PDF): ${l.url}`).join("\n")}`;
  const block = links
    .map(
      (l) =>
        `<p style="margin:0 0 12px">${LABEL[l.type]} ${escapeHtml(l.number)}: <a href="${escapeHtml(l.url)}">download the PDF</a></p>`,
    )
    .join("\n");
  // Before the footer's rule, so the links read as part of the message.
  const at = mail.html.lastIndexOf('<hr style="border:0;border-top:1px solid #e2e8f0');
  const html = at >= 0 ? `${mail.html.slice(0, at)}${block}\n${mail.html.slice(at)}` : `${mail.html}${block}`;
  return { ...mail, text, html };
}
