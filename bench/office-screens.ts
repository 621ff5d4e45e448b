/**
 * The office's screens at size (decision 460), shared by bench office and bench small-server: the
 * list of screens (bookings with each status, sort and a deep page, searches, a booking's page,
 * activity, messages, enrolments, waiting list, scheduled mail, dashboard, learners) and how one is
 * timed: several clients at once, each from its own 127.0.0.x address, p50 and p95.
 */
import http from "node:http";

export type Timing = { ms: number; firstByteMs: number; bytes: number; status: number };

export function get(url: string, token: string, localAddress: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` }, localAddress, agent: false }, (res) => {
      res.on("data", (chunk: Buffer) => {
        if (!firstByteMs) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ ms: performance.now() - started, firstByteMs, bytes, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    // A screen that does not answer in 30 s counts as an error, so one slow screen cannot stall the run.
    req.setTimeout(30_000, () => {
      req.destroy();
      resolve({ ms: performance.now() - started, firstByteMs, bytes, status: 0 });
    });
  });
}

export const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? 0;
};

/** `requests` reads of `url` by `clients` clients at once, each from its own 127.0.0.x address. */
export async function screen(
  api: string,
  token: string,
  url: string,
  clients: number,
  requests: number,
): Promise<{ p95: number; p50: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; i < requests; i += clients) {
        const t = await get(`${api}${url}`, token, `127.0.0.${2 + c}`);
        if (t.status !== 200) errors++;
        times.push(t.ms);
      }
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  return { p95: p95(times), p50: sorted[Math.floor(sorted.length / 2)] ?? 0, errors };
}

async function json<T>(api: string, token: string, url: string): Promise<T> {
  // 30 s at most, as a screen (a screen too slow to list its dates must not stop the run).
  const res = await fetch(`${api}${url}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The office's screens on this API's database ([name, path]) and how many bookings it holds. */
export async function officeScreens(api: string, token: string): Promise<{ screens: [string, string][]; total: number }> {
  type Row = { id: number; booking_reference: string; email: string; phone: string; customer_name: string; courses: string[] };
  const [row] = await json<Row[]>(api, token, "/api/bookings?status=confirmed&limit=1");
  const total = Number(
    (await fetch(`${api}/api/bookings?status=all&limit=1`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
      "x-total-count",
    ) ?? 0,
  );
  const dates = await json<{ course_date_id: number }[] | { items: { course_date_id: number }[] }>(
    api,
    token,
    "/api/admin/learners/dates",
  ).catch(() => [{ course_date_id: 1 }]);
  const dateList = Array.isArray(dates) ? dates : dates.items;
  const deep = Math.min(500, Math.max(1, Math.floor(total / 25)));
  // The learner dates list's last pages (decision 530: 25 dates a page) in each window.
  const lastPage = async (query: string) => {
    const res = await fetch(`${api}/api/admin/learners/dates${query}`, { headers: { authorization: `Bearer ${token}` } });
    return Math.max(1, Math.ceil(Number(res.headers.get("x-total-count") ?? 0) / 25));
  };
  const [currentLast, pastLast] = await Promise.all([lastPage(""), lastPage("?when=past")]);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.UTC(Number(today.slice(0, 4)) - 1, Number(today.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const q = (s: string) => encodeURIComponent(s);
  const screens: [string, string][] = [
    ["bookings, first page", "/api/bookings"],
    [`bookings, page ${deep}`, `/api/bookings?status=all&page=${deep}&limit=25`],
    ...(["reference", "learner", "course", "date", "amount", "booked_on", "status"] as const).flatMap((s): [string, string][] => [
      [`bookings by ${s}`, `/api/bookings?status=all&sort=${s}&dir=asc`],
      [`bookings by ${s}, page ${deep}`, `/api/bookings?status=all&sort=${s}&page=${deep}&limit=25`],
    ]),
    ...(["pending", "expired", "cancelled", "refunded"] as const).map((s): [string, string] => [
      `bookings, ${s}`,
      `/api/bookings?status=${s}`,
    ]),
    ["search by reference", `/api/bookings?status=all&q=${q(row!.booking_reference)}`],
    ["search by name", `/api/bookings?status=all&q=${q(row!.customer_name)}`],
    ["search by e-mail", `/api/bookings?status=all&q=${q(row!.email)}`],
    ["search by phone", `/api/bookings?status=all&q=${q(row!.phone)}`],
    ["search by course", `/api/bookings?status=all&q=${q(row!.courses[0] ?? "CCTV")}`],
    ["booking page", `/api/bookings/${row!.id}`],
    ["activity log", "/api/activity-logs"],
    ["activity log, page 500", "/api/activity-logs?page=500&limit=25"],
    ["messages", "/api/messages"],
    ["enrolments", "/api/enrollments"],
    ["waiting list", "/api/admin/waiting-list"],
    ["scheduled mail", "/api/scheduled-mail?view=due"],
    ["scheduled mail, page 500", "/api/scheduled-mail?view=due&page=500&limit=25"],
    ["scheduled mail, sent", "/api/scheduled-mail?view=sent"],
    ["dashboard", "/api/dashboard"],
    // The reports screen opens on a year of months (apps/admin ReportsPage's default period).
    ["reports (a year)", `/api/reports?from=${yearAgo}&to=${today}`],
    ["payouts", "/api/payouts"],
    ["learner dates (readiness)", "/api/admin/learners/dates"],
    [`learner dates, page ${currentLast}`, `/api/admin/learners/dates?page=${currentLast}&limit=25`],
    ["learner dates, past", "/api/admin/learners/dates?when=past"],
    [`learner dates, past, page ${pastLast}`, `/api/admin/learners/dates?when=past&page=${pastLast}&limit=25`],
    ["register", `/api/admin/learners/dates/${dateList[Math.floor(dateList.length / 2)]?.course_date_id ?? 1}`],
    ["learner progress", "/api/admin/learners/progress"],
  ];
  return { screens, total };
}
