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
