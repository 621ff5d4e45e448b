/**
 * Course dates as customers read them, with the weekday: 'Mon 7 – Sat 12 Dec 2026'. The API's
 * `date_label` keeps the spec's form ('7 - 12th Dec 2026') for compatibility.
 */
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function parse(iso: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const wd = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return { y, mon: MONTHS[mo - 1]!, d, wd: WEEKDAYS[wd]!, mo };
}

/** 'Mon 7 Dec 2026' for one 'YYYY-MM-DD' day ('' when unreadable). */
export function formatDayWithWeekday(iso: string): string {
  const p = parse(iso);
  return p ? `${p.wd} ${p.d} ${p.mon} ${p.y}` : "";
}

/** 'Mon 7 – Sat 12 Dec 2026', 'Mon 30 Nov – Fri 4 Dec 2026', 'Wed 30 Dec 2026 – Fri 1 Jan 2027', 'Mon 7 Dec 2026'. */
export function formatDateRangeWithWeekday(start: string, end?: string | null): string {
  const s = parse(start);
  const e = parse(end || start);
  if (!s || !e) return "";
  if (s.y === e.y && s.mo === e.mo && s.d === e.d) return `${s.wd} ${s.d} ${s.mon} ${s.y}`;
  if (s.y !== e.y) return `${s.wd} ${s.d} ${s.mon} ${s.y} – ${e.wd} ${e.d} ${e.mon} ${e.y}`;
  if (s.mo !== e.mo) return `${s.wd} ${s.d} ${s.mon} – ${e.wd} ${e.d} ${e.mon} ${e.y}`;
  return `${s.wd} ${s.d} – ${e.wd} ${e.d} ${e.mon} ${e.y}`;
}
