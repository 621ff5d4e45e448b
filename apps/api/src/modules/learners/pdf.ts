/** The subject access download as a PDF (pdfkit): every section of the JSON, as labelled lines. */
import type PDFKit from "pdfkit";
import { lazyRequire } from "../../lib/lazy-require";

/** pdfkit (and its fonts) loaded with the first PDF (decision 250). */
const loadPdfKit = lazyRequire<typeof PDFKit>("pdfkit");

const label = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);

export function subjectAccessPdf(data: Record<string, unknown>, providerName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new (loadPdfKit())({
      size: "A4",
      margin: 50,
      info: { Title: "Subject access request: learner record", Author: providerName },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(providerName);
    doc.moveDown(0.3).fontSize(14).text("Subject access request: learner record");
    doc
      .fontSize(9)
      .fillColor("#4a5568")
      .text(`Generated ${show(data.generated_at)}`)
      .fillColor("#000000");
    const section = (title: string, value: unknown) => {
      doc.moveDown(0.8).fontSize(13).text(title);
      doc.fontSize(10);
      if (Array.isArray(value)) {
        if (!value.length) doc.text("None");
        for (const item of value) {
          doc.text(
            Object.entries(item as Record<string, unknown>)
              .map(([k, v]) => `${label(k)}: ${show(v)}`)
              .join("; "),
          );
          doc.moveDown(0.2);
        }
      } else {
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) doc.text(`${label(k)}: ${show(v)}`);
      }
    };
    section("Learner", data.learner);
    section("Booking", data.booking);
    section("Attendance", data.attendance);
    section("Results", data.results);
    section("Evidence files", data.evidence);
    section("Activity about this record", data.activity);
    doc.end();
  });
}
