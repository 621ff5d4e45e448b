/**
 * Checks a PDF with tools our code never uses (poppler's `pdffonts` and `pdfinfo`, and `qpdf`; Debian
 * packages poppler-utils and qpdf, installed by .ci/run): every font embedded with a Unicode map,
 * the document tagged (MarkInfo Marked true, a structure tree) and structurally sound.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";

type FontRow = { name: string; type: string; emb: string; uni: string };

/** pdffonts' table: name, type (one or two words), encoding, emb, sub, uni, object, generation. */
export function pdfFonts(file: string): FontRow[] {
  const lines = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
  return lines.map((line) => {
    const cols = line.trim().split(/\s+/);
    // From the right: object id, generation, uni, sub, emb (the name and type may hold spaces).
    const [uni, , emb] = cols.slice(-5, -2).reverse();
    return { name: cols[0]!, type: cols.slice(1, -6).join(" "), emb: emb!, uni: uni! };
  });
}

/** Fails the test unless the PDF passes every check; returns what was found, for more checks. */
export function expectArchivalTaggedPdf(bytes: Buffer, what: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-check-"));
  const file = path.join(dir, "doc.pdf");
  try {
    writeFileSync(file, bytes);
    const fonts = pdfFonts(file);
    expect(fonts.length, `${what}: pdffonts lists the fonts`).toBeGreaterThan(0);
    for (const f of fonts) {
      expect(f.emb, `${what}: ${f.name} (${f.type}) is embedded`).toBe("yes");
      expect(f.uni, `${what}: ${f.name} (${f.type}) has a ToUnicode map`).toBe("yes");
    }
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info, `${what}: pdfinfo says tagged`).toMatch(/^Tagged:\s+yes$/m);
    expect(info, `${what}: PDF 1.7`).toMatch(/^PDF version:\s+1\.7$/m);
    const raw = bytes.toString("latin1");
    // pdfkit writes the MarkInfo dictionary as its own object: `/MarkInfo 5 0 R` … `<< /Marked true >>`.
    const markInfo = /\/MarkInfo\s+(\d+)\s+0\s+R/.exec(raw);
    expect(markInfo, `${what}: a MarkInfo dictionary`).toBeTruthy();
    expect(raw, `${what}: /MarkInfo << /Marked true >>`).toMatch(
      new RegExp(`(^|\\s)${markInfo![1]} 0 obj\\s*<<\\s*/Marked true\\s*>>`),
    );
    expect(raw, `${what}: a structure tree`).toMatch(/\/StructTreeRoot\s+\d+\s+0\s+R/);
    expect(raw, `${what}: language en-GB`).toMatch(/\/Lang\s*\(en-GB\)/);
    expect(raw, `${what}: shows its title`).toMatch(/\/DisplayDocTitle\s+true/);
    for (const role of ["/S /H1", "/S /P"]) expect(raw, `${what}: has ${role}`).toContain(role);
    // qpdf exits non-zero on any structural error (and prints what it found).
    const check = execFileSync("qpdf", ["--check", file], { encoding: "utf8" });
    expect(check, `${what}: qpdf --check`).toContain("No syntax or stream encoding errors found");
    return { fonts, raw, info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
