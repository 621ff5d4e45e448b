/**
 * Money: the database and every computation use integer pence; the API contract carries pounds
 * as numbers with at most 2 decimals. Convert at the edges with poundsToPence / penceToPounds.
 */

/**
 * Pounds (as the API carries them) to integer pence, without float error:
 * 19.99 → 1999, 0.1 + 0.2 → 30, 1.005 → 101 (half away from zero on the decimal as written).
 * Throws a RangeError for NaN or ±Infinity.
 */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not a finite amount of pounds: ${pounds}`);
  const abs = Math.abs(pounds);
  const text = String(abs);
  // Shift the decimal point in the decimal text ('19.99e2' = 1999) instead of multiplying
  // the binary float (19.99 * 100 = 1998.9999999999998).
  const shifted = text.includes("e") ? abs * 100 : Number(`${text}e2`);
  const pence = Math.round(shifted);
  return pounds < 0 ? -pence || 0 : pence;
}

/** Integer pence to pounds for the API: 1999 → 19.99, 25000 → 250. Non-integers are rounded to whole pence first. */
export function penceToPounds(pence: number): number {
  if (!Number.isFinite(pence)) throw new RangeError(`Not a finite amount of pence: ${pence}`);
  return (Math.round(pence) || 0) / 100;
}

/**
 * Whether a number of pounds has at most 2 decimals (the contract's 'Use at most 2 decimals'):
 * 19.99 and 250 yes, 19.999 no. Tolerates binary float noise (0.1 + 0.2).
 */
export function isWholePence(pounds: number): boolean {
  return Number.isFinite(pounds) && Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-6;
}

/** Shown for an amount that is not a finite number, rather than a misleading '£0.00'. */
export const INVALID_AMOUNT = "—";

/**
 * Pounds and pence as en-GB writes them ('£1,250.00', '-£5.00'), by hand rather than with
 * Intl.NumberFormat: creating the first Intl formatter loads the locale's data, which cost the
 * site's first load ~10 ms of main thread at module start-up (decision 257). Tests compare it
 * with Intl's output.
 */
function gbp(pence: number, decimals: boolean): string {
  const size = Math.abs(pence);
  const whole = String(Math.floor(size / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = decimals ? `.${String(size % 100).padStart(2, "0")}` : "";
  return `${pence < 0 ? "-" : ""}£${whole}${rest}`;
}

/** 25000 → '£250.00', 1999 → '£19.99', 125000 → '£1,250.00', -500 → '-£5.00'; '—' when not finite. */
export function formatPence(pence: number): string {
  if (!Number.isFinite(pence)) return INVALID_AMOUNT;
  return gbp(Math.round(pence) || 0, true);
}

/** 250 → '£250.00', 30 → '£30.00', 19.99 → '£19.99' (rounded to whole pence via poundsToPence). */
export function formatPounds(pounds: number): string {
  if (!Number.isFinite(pounds)) return INVALID_AMOUNT;
  return formatPence(poundsToPence(pounds));
}

/** Whole pounds for figures at a glance (the dashboard's cards): 1250.4 → '£1,250', 2.5 → '£3', -2.5 → '-£3'. */
export function formatWholePounds(pounds: number): string {
  if (!Number.isFinite(pounds)) return INVALID_AMOUNT;
  const whole = Math.round(Math.abs(pounds)) * (pounds < 0 ? -1 : 1);
  return gbp(whole * 100 || 0, false);
}

/** Why typed money could not be read: nothing typed, not a number of pounds, or more than 2 decimals. */
export type MoneyInputProblem = "empty" | "not_a_number" | "too_many_decimals";

/**
 * Reads an amount of pounds typed by the office ('25', '25.5', '£25.50', '1,250.00', ' £0 '):
 * a leading '£' and thousands commas are allowed, signs and other text are not.
 * Returns the pounds (whole pence, as the API carries them) or why it could not be read.
 */
export function parseMoneyInput(typed: string): { pounds: number } | { problem: MoneyInputProblem } {
  const text = typed.trim().replace(/^£/, "").replace(/,/g, "");
  if (!text) return { problem: "empty" };
  if (!/^\d+(\.\d+)?$/.test(text)) return { problem: "not_a_number" };
  const pounds = Number(text);
  if (!isWholePence(pounds)) return { problem: "too_many_decimals" };
  return { pounds: penceToPounds(poundsToPence(pounds)) };
}
