/**
 * Every PDF the API makes (receipts and invoices, subject-access exports) starts here, so each is
 * tagged PDF 1.7 in British English with its title shown, and uses only embedded TrueType fonts
 * with a Unicode map (decision 292): screen readers get headings, paragraphs and tables, text
 * copies out as written (£, ×, —), and the file stands on its own when archived. pdfkit's 14
 * standard fonts (Helvetica…) are neither embedded nor mapped, so they are never used.
 */
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";
import { lazyRequire } from "./lazy-require";

const require = createRequire(import.meta.url);

/** pdfkit (and its fonts) loaded with the first PDF (decision 250). */
const loadPdfKit = lazyRequire<typeof PDFKit>("pdfkit");

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`, free licence, wide Unicode coverage); pdfkit embeds only the
 * glyphs a document uses (a subset) with their ToUnicode map.
 */
const FONT_FILES = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

/** The two font names our PDFs may use. */
export const FONT = { regular: "Body", bold: "Body-Bold" } as const;

export type StructType = "H1" | "H2" | "H3" | "P" | "Table" | "TR" | "TH" | "TD" | "Sect";

export type TaggedPdf = {
  doc: PDFKit.PDFDocument;
  /** Draws `draw` as one structure element of `type` under `parent` (the document by default). */
  block: (type: StructType, draw: () => void, parent?: PDFKit.PDFStructureElement) => void;
  /** A container element (a table, a row, a section) whose children are added with `block`/`group`. */
  group: (type: StructType, fill: (element: PDFKit.PDFStructureElement) => void, parent?: PDFKit.PDFStructureElement) => void;
  /** Decoration with no meaning (rules between parts), kept out of the structure tree. */
  artifact: (draw: () => void) => void;
  /** Ends the document; resolves with its bytes. */
  finish: () => Promise<Buffer>;
};

export function taggedPdf(info: { title: string; author: string }): TaggedPdf {
  const doc = new (loadPdfKit())({
    size: "A4",
    margin: 50,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    // Without a font here pdfkit would start in Helvetica (not embedded).
    font: FONT_FILES.regular,
    info: { Title: info.title, Author: info.author },
  });
  doc.registerFont(FONT.regular, FONT_FILES.regular);
  doc.registerFont(FONT.bold, FONT_FILES.bold);
  doc.font(FONT.regular);

  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const root = doc.struct("Document");
  doc.addStructure(root);
  // A child's content is drawn when it joins an attached parent, so order on the page = order here.
  const block: TaggedPdf["block"] = (type, draw, parent = root) => {
    parent.add(doc.struct(type, {}, [draw]));
  };
  const group: TaggedPdf["group"] = (type, fill, parent = root) => {
    const element = doc.struct(type);
    parent.add(element);
    fill(element);
    element.end();
  };
  const artifact: TaggedPdf["artifact"] = (draw) => {
    doc.markContent("Artifact");
    draw();
    doc.endMarkedContent();
  };
  return {
    doc,
    block,
    group,
    artifact,
    finish: () => {
      root.end();
      doc.end();
      return done;
    },
  };
}
