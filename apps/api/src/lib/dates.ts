const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

function parts(iso: string) {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return { year: y!, month: m!, day: d!, mon: SHORT_MONTHS[(m ?? 1) - 1]! };
}

/** Spec §9 label, the same as @app/ui's formatDateRange: '12 - 14th Mar 2025', '12th Mar 2025'. */
export function dateRangeLabel(start: string, end: string): string {
  const s = parts(start);
  const e = parts(end);
  if (s.year !== e.year) return `${ordinal(s.day)} ${s.mon} ${s.year} - ${ordinal(e.day)} ${e.mon} ${e.year}`;
  if (s.month !== e.month) return `${ordinal(s.day)} ${s.mon} - ${ordinal(e.day)} ${e.mon} ${e.year}`;
  if (s.day !== e.day) return `${s.day} - ${ordinal(e.day)} ${e.mon} ${e.year}`;
  return `${ordinal(s.day)} ${s.mon} ${s.year}`;
}

/** 'YYYY-MM-DD' in the UK for an instant. */
export function ukDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay();
}

/** Start of the UK calendar month containing `at`, shifted by `offset` months, as an instant. */
export function ukMonthStart(at: Date, offset = 0): Date {
  const [y, m] = ukDate(at).split("-").map(Number);
  const first = new Date(Date.UTC(y!, m! - 1 + offset, 1, 12));
  const iso = first.toISOString().slice(0, 10);
  return ukMidnight(iso);
}

/** The instant a UK calendar day starts. */
export function ukMidnight(iso: string): Date {
  // London is UTC+0 or UTC+1: try both offsets, keep the one that lands on the date's midnight.
  for (const offset of [0, 1]) {
    const candidate = new Date(`${iso}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(candidate);
    if (ukDate(candidate) === iso && local === "00") return candidate;
  }
  return new Date(`${iso}T00:00:00Z`);
}
