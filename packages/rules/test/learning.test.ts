import { describe, expect, it } from "vitest";
import {
  certificateDueOn,
  certificateOverdue,
  drawPaper,
  lastOverdueResultsDay,
  mockFlagged,
  passMarkOf,
  scorePaper,
} from "../src/learning";

describe("learning rules", () => {
  it("draws distinct questions, at most the bank's size", () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    for (let run = 0; run < 50; run++) {
      const paper = drawPaper(ids, 20);
      expect(paper).toHaveLength(20);
      expect(new Set(paper).size).toBe(20);
    }
    expect(drawPaper([1, 2, 3], 72).sort()).toEqual([1, 2, 3]);
    expect(drawPaper([1, 1, 2], 5).sort()).toEqual([1, 2]);
  });

  it("passes at the pass mark exactly, in whole numbers", () => {
    expect(passMarkOf(72, 70)).toBe(51);
    expect(scorePaper(51, 72, 70).passed).toBe(true);
    expect(scorePaper(50, 72, 70).passed).toBe(false);
    expect(scorePaper(7, 10, 70)).toEqual({ correct: 7, total: 10, percent: 70, passed: true });
    expect(scorePaper(24, 30, 80).passed).toBe(true);
    expect(scorePaper(23, 30, 80).passed).toBe(false);
    expect(scorePaper(0, 0, 70).passed).toBe(false);
  });

  it("counts 4 working days over Christmas bank holidays", () => {
    expect(certificateDueOn("2026-12-24")).toBe("2027-01-04");
    expect(certificateOverdue("2026-12-24", "2027-01-04", null)).toBe(false);
    expect(certificateOverdue("2026-12-24", "2027-01-05", null)).toBe(true);
    expect(certificateOverdue("2026-12-24", "2027-01-05", "2027-01-05")).toBe(false);
  });

  it("names the last results day overdue today, every day up to it overdue and none after", () => {
    expect(lastOverdueResultsDay("2027-01-05")).toBe("2026-12-28");
    expect(lastOverdueResultsDay("2027-01-04")).toBe("2026-12-23");
    // Every day of two years: overdue exactly when the results day is on or before that day.
    const day = (d: Date) => d.toISOString().slice(0, 10);
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const today = day(new Date(t));
      const last = lastOverdueResultsDay(today);
      for (let back = 1; back <= 20; back++) {
        const results = day(new Date(t - back * 86_400_000));
        expect(certificateOverdue(results, today, null), `${results} on ${today}`).toBe(results <= last);
      }
    }
  });

  it("flags from two days before the exam unless passed", () => {
    expect(mockFlagged("2027-01-08", "2027-01-09", null)).toBe(false);
    expect(mockFlagged("2027-01-09", "2027-01-09", false)).toBe(true);
    expect(mockFlagged("2027-01-09", "2027-01-09", true)).toBe(false);
  });
});
