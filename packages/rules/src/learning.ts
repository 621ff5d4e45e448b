/**
 * Rules of the learner's portal (learner portal, decisions 351-354), shared by the API and the apps:
 * drawing a mock paper, scoring it against its pass mark, the certificate's 4-working-day clock
 * and when a learner is flagged on the readiness board.
 */
import { addWorkingDays } from "./bank-holidays";

/**
 * `count` distinct ids drawn at random from `ids` (all of them, shuffled, when the bank is
 * smaller than the paper). A partial Fisher-Yates shuffle, so no question repeats.
 */
export function drawPaper<T>(ids: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...new Set(ids)];
  const n = Math.max(0, Math.min(Math.trunc(count), pool.length));
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

export type MockScore = { correct: number; total: number; percent: number; passed: boolean };

/**
 * The score of a paper. Passed when correct/total reaches the pass mark exactly or above; the
 * comparison is in whole numbers (correct × 100 ≥ pass × total) so 70% of 72 questions
 * (50.4) needs 51 right, with no rounding error at the edge.
 */
export function scorePaper(correct: number, total: number, passPercent: number): MockScore {
  const percent = total === 0 ? 0 : Math.floor((correct * 100) / total);
  return { correct, total, percent, passed: total > 0 && correct * 100 >= passPercent * total };
}

/** Fewest right answers that pass a paper of `total` questions at `passPercent`. */
export const passMarkOf = (total: number, passPercent: number) => Math.ceil((passPercent * total) / 100);

/** Working days between results and the certificate being sent (the course page's promise). */
export const CERTIFICATE_WORKING_DAYS = 4;

/** The last day the certificate may be sent on: 4 working days (E&W bank holidays skipped) after the results. */
export const certificateDueOn = (resultsOn: string) => addWorkingDays(resultsOn, CERTIFICATE_WORKING_DAYS);

/** Overdue once the due day has passed without the certificate sent or collected. */
export const certificateOverdue = (resultsOn: string, today: string, sentOn: string | null) =>
  sentOn === null && today > certificateDueOn(resultsOn);

/**
 * The last results day whose certificate is overdue on `today` (unsent): the due day never moves
 * back as the results day moves on, so every earlier results day's is overdue too, and "overdue"
 * is "results on or before this day" (the alert counts them in an index range, decision 533).
 */
export function lastOverdueResultsDay(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a calendar date: ${today}`);
  for (;;) {
    d.setUTCDate(d.getUTCDate() - 1);
    const day = d.toISOString().slice(0, 10);
    if (certificateDueOn(day) < today) return day;
  }
}

/** Days before the exam when a learner still below the pass mark is flagged. */
export const MOCK_FLAG_DAYS = 2;

/**
 * Flagged on the readiness board: from two days before the exam (`flagFrom`, worked out by the
 * caller in calendar days), a unit whose best mock score is below its pass mark or never sat.
 */
export const mockFlagged = (today: string, flagFrom: string, bestPassed: boolean | null) =>
  today >= flagFrom && bestPassed !== true;
