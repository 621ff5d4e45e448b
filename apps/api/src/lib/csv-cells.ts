/**
 * CSV cells for every export (bookings, accountant's files, reports): RFC 4180 quoting; text a
 * spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading apostrophe; phone
 * numbers and number-like references are written as `="07700 900321"` so spreadsheets keep them as
 * typed text (leading 0 and +44 intact), only for values made of phone characters, so no
 * customer-typed text ever becomes a formula.
 */
import { csvCell } from "@app/rules";

const PHONE_CHARS = /^\+?[0-9][0-9 ()-]{2,39}$/;

/** One cell: formula characters neutralised, quoted when needed (RFC 4180): the shared rule of @app/rules. */
export { csvCell };

/** A phone number kept as text: `="07700 900321"` (quoted for CSV); anything else as a plain cell. */
export function phoneCell(value: string): string {
  const v = value.trim();
  if (!PHONE_CHARS.test(v)) return csvCell(v);
  return `"=""${v}"""`;
}
