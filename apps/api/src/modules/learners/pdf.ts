/** The subject access download as a PDF (pdfkit): every section of the JSON, as labelled lines. */
import { taggedPdf } from "../../lib/pdf";

const label = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);

export function subjectAccessPdf(data: Record<string, unknown>, providerName: string): Promise<Buffer> {
  const title = "Subject access request: learner record";
  const { doc, block, finish } = taggedPdf({ title, author: providerName });
  const para = (text: string) => block("P", () => doc.text(text));
  doc.fontSize(18);
  para(providerName);
  doc.moveDown(0.3).fontSize(14);
  block("H1", () => doc.text(title));
  doc.fontSize(9).fillColor("#4a5568");
  para(`Generated ${show(data.generated_at)}`);
  doc.fillColor("#000000");
  const section = (heading: string, value: unknown) => {
    doc.moveDown(0.8).fontSize(13);
    block("H2", () => doc.text(heading));
    doc.fontSize(10);
    if (Array.isArray(value)) {
      if (!value.length) para("None");
      for (const item of value) {
        para(
          Object.entries(item as Record<string, unknown>)
            .map(([k, v]) => `${label(k)}: ${show(v)}`)
            .join("; "),
        );
        doc.moveDown(0.2);
      }
    } else {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) para(`${label(k)}: ${show(v)}`);
    }
  };
  section("Learner", data.learner);
  section("Booking", data.booking);
  section("Attendance", data.attendance);
  section("Results", data.results);
  section("Evidence files", data.evidence);
  section("Activity about this record", data.activity);
  return finish();
}
