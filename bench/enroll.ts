/**
 * POST /api/enroll under load (DESIGN.md target: 500 orders/s on 2 cores, p99 < 100 ms, no seat
 * oversold). Creates a training with many big dates through the admin API, then:
 *   1. throughput: as many orders as 20 connections can place in ~10 s, spread over the dates;
 *   2. target rate: 500 orders/s for ~10 s, latency at that rate;
 *   3. contention: one date with 100 seats hammered for 3 s: exactly 100 orders may succeed;
 * and finally counts the seats held per date against its capacity (the oversell check).
 *
 *   pnpm --filter @app/bench enroll            # starts its own API on a fresh database
 *   API_URL=http://localhost:3000 pnpm --filter @app/bench enroll
 */
import autocannon from "autocannon";
import { load, row, startApi, type Figures } from "./lib";

const DATES = 24;
const SEATS = 1000; // the contract's largest capacity per date
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type Course = { id: number; courseDates: { id: number; capacity: number; placesLeft: number }[] };
type Enrollment = { status: string; courses: { course_date_id: number | null }[] };

const api = await startApi();
try {
  const token = await adminToken();
  const course = await createTraining(token, "Bench Load Course", DATES, SEATS);
  const hot = await createTraining(token, "Bench Contention Course", 1, 100);
  const dateIds = course.courseDates.map((d) => d.id);

  const order = (courseId: number, dateId: number, n: number) =>
    JSON.stringify({
      courses: [{ id: courseId, selectedDate: dateId, selectedAddons: [] }],
      guest_email: `bench${n}@example.com`,
      guest_name: "Bench",
      first_name: "Bench",
      last_name: `Customer ${n}`,
      phone_number: "07700 900999",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
    });
  let n = 0;
  // Each request books the next date in turn, as real traffic spreads over a catalogue.
  const spread: autocannon.Options = {
    url: `${api.url}/api/enroll`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: order(course.id, dateIds[n % dateIds.length]!, n++) }) }],
  };

  await load({ ...spread, duration: 2, connections: 10 }); // warm-up (JIT, pool)
  const max = await load({ ...spread, duration: DURATION, connections: 20 });
  const target = await load({ ...spread, duration: DURATION, connections: 50, overallRate: 500 });

  let m = 0;
  const hotDate = hot.courseDates[0]!.id;
  const contention = await autocannon({
    url: `${api.url}/api/enroll`,
    method: "POST",
    headers: { "content-type": "application/json" },
    connections: 20,
    duration: 3,
    requests: [{ setupRequest: (req) => ({ ...req, body: order(hot.id, hotDate, 1_000_000 + m++) }) }],
  });
  const hot201 = contention.statusCodeStats?.["201"]?.count ?? 0;
  const hot409 = contention.statusCodeStats?.["409"]?.count ?? 0;

  console.info(`\nPOST /api/enroll, ${DATES} dates x ${SEATS} seats, ${DURATION} s per phase (${api.url})`);
  row("max throughput (20 connections)", max);
  row("at 500 orders/s (50 connections)", target, verdict(target));
  console.info(`contention: one date of 100 seats, 20 connections, 3 s: ${hot201} booked, ${hot409} refused (409)`);

  // The oversell check: seats held (paid + pending) per date never exceed its capacity.
  const enrollments = (await (await fetch(`${api.url}/api/enrollments`, { headers: { authorization: `Bearer ${token}` } })).json()) as Enrollment[];
  const held = new Map<number, number>();
  for (const e of enrollments) {
    if (e.status !== "pending" && e.status !== "paid") continue;
    for (const c of e.courses) if (c.course_date_id) held.set(c.course_date_id, (held.get(c.course_date_id) ?? 0) + 1);
  }
  const capacities = new Map([...course.courseDates, ...hot.courseDates].map((d) => [d.id, d.capacity]));
  const oversold = [...capacities].filter(([id, cap]) => (held.get(id) ?? 0) > cap);
  const total = [...capacities.keys()].reduce((s, id) => s + (held.get(id) ?? 0), 0);
  console.info(`seats held on the bench dates: ${total}; hot date ${held.get(hotDate) ?? 0}/100`);
  const ok = oversold.length === 0 && (held.get(hotDate) ?? 0) === hot201 && hot201 <= 100;
  console.info(ok ? "no date oversold: OK" : `OVERSOLD: ${JSON.stringify(oversold)}`);
  if (!ok) process.exitCode = 1;
} finally {
  await api.stop();
}

function verdict(f: Figures) {
  return f.rps >= 490 && f.p99 < 100 && f.non2xx === 0 && f.errors === 0 ? "(target met)" : "(target NOT met)";
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${api.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com", password: process.env.SEED_ADMIN_PASSWORD ?? "Admin!Passw0rd" }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function createTraining(token: string, title: string, dates: number, seats: number): Promise<Course> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${api.url}/api/courses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `${title} ${Date.now()}`,
      price: 100,
      capacity: seats,
      description: "Created by bench/enroll.ts.",
      duration: "1 Day",
      time: "9 am - 6pm",
      courseDates: Array.from({ length: dates }, (_, i) => ({ startDate: day(30 + i), endDate: day(30 + i) })),
    }),
  });
  if (!res.ok) throw new Error(`creating the training failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { id: number };
  return (await (await fetch(`${api.url}/api/courses/${created.id}`)).json()) as Course;
}
