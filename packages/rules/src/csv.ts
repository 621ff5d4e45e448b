/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * Spreadsheet formula injection: text starting with = + - @ (or a tab / carriage return, which
 * some spreadsheets strip before reading a formula) gets a leading apostrophe. Numbers are
 * written as they are (a negative amount stays a number). Null and undefined are empty cells.
 * The API's exports and the admin's downloads write cells with this one function.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
