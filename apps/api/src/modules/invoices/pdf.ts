/**
 * The PDF of an invoice or credit note, drawn from its stored snapshot only (decision 421), with the
 * receipt's tagged-PDF kit (lib/pdf.ts: embedded fonts, structure tree, tables).
 */
import type PDFKit from "pdfkit";
import type { DocumentSnapshot } from "../../db/schema";
import { formatPence } from "../../lib/html";
import { FONT, taggedPdf } from "../../lib/pdf";

export function documentPdf(s: DocumentSnapshot): Promise<Buffer> {
  const { doc, block, group, artifact, finish } = taggedPdf({ title: `${s.title} ${s.number}`, author: s.business.name });
  const left = 50;
  const right = doc.page.width - 50;
  const amountX = right - 110;
  const line = (text: string) => block("P", () => doc.text(text));
  const rule = () =>
    artifact(() => {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    });
  let table: PDFKit.PDFStructureElement | undefined;
  const row = (label: string, amount: string, opts: { bold?: boolean; header?: boolean } = {}) => {
    const y = doc.y;
    let after = y;
    group(
      "TR",
      (tr) => {
        const cell = opts.header ? "TH" : "TD";
        doc.font(opts.bold || opts.header ? FONT.bold : FONT.regular).fontSize(10);
        block(cell, () => doc.text(label, left, y, { width: amountX - left - 10 }), tr);
        after = doc.y;
        block(cell, () => doc.text(amount, amountX, y, { width: right - amountX, align: "right" }), tr);
      },
      table,
    );
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  const credit = s.title === "Credit note";
  const sign = credit ? "-" : "";

  doc.font(FONT.bold).fontSize(18);
  line(s.business.name);
  doc.font(FONT.regular).fontSize(10);
  line(s.business.address);
  line(`Phone: ${s.business.phone}`);
  line(`E-mail: ${s.business.email}`);
  if (s.business.vatNumber) line(`VAT number: ${s.business.vatNumber}`);
  doc.moveDown(1.5);

  doc.font(FONT.bold).fontSize(16);
  block("H1", () => doc.text(`${s.title} ${s.number}`));
  doc.font(FONT.regular).fontSize(10);
  line(`Date of issue: ${s.issuedOn}`);
  if (s.corrects) line(`Corrects invoice ${s.corrects.number} of ${s.corrects.issuedOn}`);
  line(`Booking reference: ${s.bookingRef}`);
  if (s.reason) line(`Reason: ${s.reason}`);
  doc.moveDown();
  doc.font(FONT.bold);
  block("H2", () => doc.text("Billed to"));
  doc.font(FONT.regular);
  line(s.buyer.name);
  if (s.buyer.company) line(s.buyer.company);
  if (s.buyer.address) line(s.buyer.address);
  if (s.buyer.email) line(s.buyer.email);
  if (s.buyer.purchaseOrder) line(`Purchase order: ${s.buyer.purchaseOrder}`);
  doc.moveDown();

  rule();
  doc.moveDown(0.5);
  group("Table", (element) => {
    table = element;
    row("Description", "Amount", { header: true });
    doc.moveDown(0.3);
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
  table = undefined;
  doc.moveDown(2);
  doc.font(FONT.regular).fontSize(9).fillColor("#4a5568");
  line(`Thank you for booking with ${s.business.name}.`);
  return finish();
}
