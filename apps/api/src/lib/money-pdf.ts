/**
 * The common layout of our money documents (the order's receipt, invoices and credit notes): the
 * business's letterhead, the document's heading, who it is billed to, one tagged two-column table
 * of descriptions and amounts, and the closing thanks. Each document only says what it contains.
 */
import type PDFKit from "pdfkit";
import { FONT, taggedPdf, type TaggedPdf } from "./pdf";

export type Letterhead = { name: string; address: string; phone: string; email: string; vatNumber: string | null };
type RowOptions = { bold?: boolean; header?: boolean };

export type MoneyPdf = TaggedPdf & {
  /** One paragraph in the current font. */
  line: (text: string) => void;
  /** A horizontal rule across the text width (decoration, not structure). */
  rule: () => void;
  /** A row of the amounts table: its label on the left, its amount right-aligned. */
  row: (label: string, amount: string, opts?: RowOptions) => void;
  letterhead: (business: Letterhead) => void;
  /** The document's H1 (e.g. 'Invoice INV-2026-00042'), then body text. */
  heading: (text: string) => void;
  /** 'Billed to' and the buyer's lines (empty ones left out). */
  billedTo: (lines: readonly (string | null | undefined)[]) => void;
  /** The amounts table: a header row, then what `fill` draws with `row`, tagged as one table. */
  amountsTable: (fill: () => void) => void;
  thanks: (businessName: string) => void;
};

export function moneyPdf(info: { title: string; author: string }): MoneyPdf {
  const kit = taggedPdf(info);
  const { doc, block, group, artifact } = kit;
  const left = 50;
  const right = doc.page.width - 50;
  const amountX = right - 110;
  const line = (text: string) => block("P", () => doc.text(text));
  const rule = () =>
    artifact(() => {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    });
  // Rows are drawn into this table while `amountsTable` runs, so a screen reader reads each amount with its label.
  let table: PDFKit.PDFStructureElement | undefined;
  const row = (label: string, amount: string, opts: RowOptions = {}) => {
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
  return {
    ...kit,
    line,
    rule,
    row,
    letterhead: (b) => {
      doc.font(FONT.bold).fontSize(18);
      line(b.name);
      doc.font(FONT.regular).fontSize(10);
      line(b.address);
      line(`Phone: ${b.phone}`);
      line(`E-mail: ${b.email}`);
      if (b.vatNumber) line(`VAT number: ${b.vatNumber}`);
      doc.moveDown(1.5);
    },
    heading: (text) => {
      doc.font(FONT.bold).fontSize(16);
      block("H1", () => doc.text(text));
      doc.font(FONT.regular).fontSize(10);
    },
    billedTo: (lines) => {
      doc.moveDown();
      doc.font(FONT.bold);
      block("H2", () => doc.text("Billed to"));
      doc.font(FONT.regular);
      for (const l of lines) if (l && l.trim()) line(l);
      doc.moveDown();
    },
    amountsTable: (fill) => {
      rule();
      doc.moveDown(0.5);
      group("Table", (element) => {
        table = element;
        row("Description", "Amount", { header: true });
        doc.moveDown(0.3);
        fill();
      });
      table = undefined;
    },
    thanks: (businessName) => {
      doc.moveDown(2);
      doc.font(FONT.regular).fontSize(9).fillColor("#4a5568");
      line(`Thank you for booking with ${businessName}.`);
    },
  };
}
