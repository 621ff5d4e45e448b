/**
 * The PDF of an invoice or credit note, drawn from its stored snapshot only (decision 421), on the
 * money documents' common layout (lib/money-pdf.ts, shared with the receipt).
 */
import type { DocumentSnapshot } from "../../db/schema";
import { formatPence } from "../../lib/html";
import { moneyPdf } from "../../lib/money-pdf";

export function documentPdf(s: DocumentSnapshot): Promise<Buffer> {
  const pdf = moneyPdf({ title: `${s.title} ${s.number}`, author: s.business.name });
  const { doc, line, rule, row } = pdf;
  const credit = s.title === "Credit note";
  const sign = credit ? "-" : "";

  pdf.letterhead(s.business);
  pdf.heading(`${s.title} ${s.number}`);
  line(`Date of issue: ${s.issuedOn}`);
  if (s.corrects) line(`Corrects invoice ${s.corrects.number} of ${s.corrects.issuedOn}`);
  line(`Booking reference: ${s.bookingRef}`);
  if (s.reason) line(`Reason: ${s.reason}`);
  pdf.billedTo([
    s.buyer.name,
    s.buyer.company,
    s.buyer.address,
    s.buyer.email,
    s.buyer.purchaseOrder ? `Purchase order: ${s.buyer.purchaseOrder}` : null,
  ]);

  pdf.amountsTable(() => {
    for (const l of s.lines) {
      row(l.description, formatPence(l.amountPence));
      for (const d of l.detail) row(`   ${d}`, "");
      doc.moveDown(0.3);
    }
    rule();
    doc.moveDown(0.5);
    row("Subtotal", formatPence(s.subtotalPence));
    if (s.discount) row(s.discount.label, `-${formatPence(s.discount.amountPence)}`);
    row("Booking total", formatPence(s.orderTotalPence), { bold: true });
    doc.moveDown(0.5);
    row(s.amountLabel, `${sign}${formatPence(s.amountPence)}`, { bold: true });
    if (s.vat) {
      row(`of which VAT at ${s.vat.ratePercent}%`, `${sign}${formatPence(s.vat.vatPence)}`);
      row("Excluding VAT", `${sign}${formatPence(s.vat.netPence)}`);
    }
    if (s.paymentMethod) row("Payment method", s.paymentMethod);
    if (!credit) {
      row("Paid to date", formatPence(s.paidToDatePence));
      row("Amount due", formatPence(s.duePence), { bold: true });
      if (s.dueOn && s.duePence > 0) row("Due by", s.dueOn.split("-").reverse().join("/"));
    }
  });
  pdf.thanks(s.business.name);
  return pdf.finish();
}
