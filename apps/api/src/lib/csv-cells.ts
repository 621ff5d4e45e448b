/**
 * CSV cells for every export (bookings, accountant's files, reports): RFC 4180 quoting; text a
 * spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading apostrophe; phone
 * numbers and number-like references are written as `="07700 900321"` so spreadsheets keep them as
 * typed text (leading 0 and +44 intact), only for values made of phone characters, so no
 * customer-typed text ever becomes a formula.
 */
const PHONE_CHARS = /^\+?[0-9][0-9 ()-]{2,39}$/;

/** One cell: formula characters neutralised, quoted when needed (RFC 4180). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A phone number kept as text: `="07700 900321"` (quoted for CSV); anything else as a plain cell. */
export function phoneCell(value: string): string {
  const v = value.trim();
  if (!PHONE_CHARS.test(v)) return csvCell(v);
  return `"=""${v}"""`;
}
