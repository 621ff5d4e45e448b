import { enrollmentMatches, type Enrollment, type EnrollmentDate, type OrderStatus } from "@app/contract";
import { courseDays as calendarDays, csvCell, formatDayMonthWithWeekday } from "@app/rules";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  expired: "Expired",
  cancelled: "Cancelled",
};

export function fullName(e: Pick<Enrollment, "first_name" | "last_name">): string {
  return `${e.first_name} ${e.last_name}`.trim();
}

/**
 * Search by booking reference (with or without the dash, any case), name, e-mail, phone (ignoring
 * spaces and punctuation), course title or discount code: the API's rule (`GET /enrollments?q=`).
 */
export function matchesSearch(e: Enrollment, search: string): boolean {
  return enrollmentMatches(e, search);
}

export interface CourseDateOption {
  id: number;
  title: string;
  dateLabel: string;
  startDate?: string;
  endDate?: string;
  time: string;
  duration: string;
}

const soonestFirst = (a: CourseDateOption, b: CourseDateOption) =>
  (a.startDate ?? "9999").localeCompare(b.startDate ?? "9999") || a.title.localeCompare(b.title);

/** The course dates that appear in the enrolments, soonest first, each once. */
export function courseDateOptions(rows: readonly Enrollment[]): CourseDateOption[] {
  const byId = new Map<number, CourseDateOption>();
  for (const e of rows) {
    for (const c of e.courses) {
      if (c.course_date_id == null || byId.has(c.course_date_id)) continue;
      byId.set(c.course_date_id, {
        id: c.course_date_id,
        title: c.title,
        dateLabel: c.date_label,
        startDate: c.startDate,
        endDate: c.endDate,
        time: c.time,
        duration: c.duration,
      });
    }
  }
  return [...byId.values()].sort(soonestFirst);
}

/** The API's course dates with bookings (`GET /enrollments/course-dates`) as the list's choice, soonest first. */
export function dateChoice(dates: readonly EnrollmentDate[]): CourseDateOption[] {
  return dates
    .map((d) => ({
      id: d.course_date_id,
      title: d.title,
      dateLabel: d.date_label,
      startDate: d.startDate,
      endDate: d.endDate,
      time: d.time,
      duration: d.duration,
    }))
    .sort(soonestFirst);
}

// ------------------------------------------------------------------ CSV

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export const CSV_HEADER = [
  "Reference",
  "Status",
  "First name",
  "Last name",
  "Email address",
  "Phone number",
  "Company name",
  "Street address",
  "Town/City",
  "State",
  "Country",
  "Courses",
  "Discount code",
  "Total (GBP)",
  "Amount paid (GBP)",
  "Booked at (UK time)",
  "Paid at (UK time)",
] as const;

const money = (n: number | null) => (n === null ? "" : n.toFixed(2));

const LONDON_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '2026-03-29 14:05' in UK time (GMT or BST as it was then), like the office's CSV from the API. */
export function londonDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const p = Object.fromEntries(LONDON_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export function enrolmentsCsv(rows: readonly Enrollment[]): string {
  return toCsv([
    [...CSV_HEADER],
    ...rows.map((e) => [
      e.booking_reference,
      e.status ? STATUS_LABELS[e.status] : "",
      e.first_name,
      e.last_name,
      e.guest_email,
      e.phone_number,
      e.company_name ?? "",
      e.street_address,
      e.town_city,
      e.state,
      e.country,
      e.courses.map((c) => `${c.title} (${c.date_label})`).join("; "),
      e.discount_code ?? "",
      money(e.total ?? null),
      money(e.amount_paid ?? null),
      londonDateTime(e.created_at),
      e.paid_at ? londonDateTime(e.paid_at) : "",
    ]),
  ]);
}

/** Starts a download of `text` as a file (UTF-8 with BOM so spreadsheet programs read £ and accents). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8"): void {
  const blob = new Blob(["\uFEFF", text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ------------------------------------------------------------------ register

/** A register wider than this many day columns would not fit a landscape page. */
export const MAX_REGISTER_DAYS = 14;

/** The course days from start to end inclusive, as labels like 'Wed 12 Mar'; [] when dates are missing. */
export function courseDays(start?: string, end?: string): string[] {
  return calendarDays(start, end ?? start, MAX_REGISTER_DAYS).map(formatDayMonthWithWeekday);
}

export interface Attendee {
  enrolmentId: number;
  reference: string;
  name: string;
  phone: string;
  email: string;
}

/** Paid bookings for one course date, sorted by surname then first name. */
export function registerAttendees(rows: readonly Enrollment[], courseDateId: number): Attendee[] {
  return (
    rows
      // A trainer's list holds paid bookings only and carries no status (decision 333).
      .filter((e) => (e.status ?? "paid") === "paid" && e.courses.some((c) => c.course_date_id === courseDateId))
      .sort((a, b) => a.last_name.localeCompare(b.last_name, "en-GB") || a.first_name.localeCompare(b.first_name, "en-GB"))
      .map((e) => ({
        enrolmentId: e.id,
        reference: e.booking_reference,
        name: fullName(e),
        phone: e.phone_number ?? "",
        email: e.guest_email ?? "",
      }))
  );
}
