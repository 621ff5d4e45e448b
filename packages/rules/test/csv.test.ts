import { describe, expect, it } from "vitest";
import { csvCell } from "../src/csv";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("neutralises spreadsheet formulas with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+44 7700 900123")).toBe("'+44 7700 900123");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
  });

  it("writes numbers as they are, negative ones too, and only neutralises text", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("x=1")).toBe("x=1");
  });
});
