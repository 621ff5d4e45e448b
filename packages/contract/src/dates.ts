/**
 * Course dates as customers read them, with the weekday: 'Mon 7 – Sat 12 Dec 2026'. The API's
 * `date_label` keeps the spec's form ('7 - 12th Dec 2026') for compatibility. The labels are
 * calendar rules of @app/rules; this subpath (`@app/contract/dates`) offers them to the pages.
 */
export { formatDateRangeWithWeekday, formatDayWithWeekday } from "@app/rules";
