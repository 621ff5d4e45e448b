/**
 * Catalogue reads against a constant JSON route on the same server, in one run
 * (DESIGN.md target: /api/courses and /api/courses/slug/{slug} at >= 70% of /api/health),
 * then a freshness check: right after an admin edit the catalogue shows the new fee.
 *
 *   pnpm --filter @app/bench catalogue            # starts its own API on a fresh database
 *   API_URL=http://localhost:3000 pnpm --filter @app/bench catalogue
 */
import { load, row, startApi } from "./lib";

const api = await startApi();
try {
  const courses = (await (await fetch(`${api.url}/api/courses`)).json()) as { id: number; slug: string; fee: number }[];
  const first = courses[0];
  if (!first) throw new Error("no courses in the catalogue");

  // Warm up the JIT and the pool.
  await load({ url: `${api.url}/api/courses`, duration: 2 });

  const baseline = await load({ url: `${api.url}/api/health` });
  const list = await load({ url: `${api.url}/api/courses` });
  const detail = await load({ url: `${api.url}/api/courses/slug/${first.slug}` });
  const conditional = await load({
    url: `${api.url}/api/courses`,
    headers: { "if-none-match": (await fetch(`${api.url}/api/courses`)).headers.get("etag") ?? "" },
  });

  row("GET /api/health (constant JSON)", baseline);
  row("GET /api/courses", list, `(${pct(list.rps, baseline.rps)} of constant)`);
  row(`GET /api/courses/slug/${first.slug}`, detail, `(${pct(detail.rps, baseline.rps)} of constant)`);
  row("GET /api/courses (If-None-Match)", conditional, `(${pct(conditional.rps, baseline.rps)} of constant)`);

  // Freshness: an admin edit is visible on the very next read.
  const email = process.env.SEED_ADMIN_EMAIL ?? "admin@example.com";
  const password = process.env.SEED_ADMIN_PASSWORD ?? "Admin!Passw0rd";
  const login = await fetch(`${api.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const newFee = first.fee + 1;
  const put = await fetch(`${api.url}/api/courses/${first.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ fee: newFee }),
  });
  const after = (await (await fetch(`${api.url}/api/courses/slug/${first.slug}`)).json()) as { fee: number };
  console.info(
    `freshness after admin edit: PUT ${put.status}, fee now ${after.fee} (expected ${newFee}) -> ${after.fee === newFee ? "OK" : "STALE"}`,
  );
} finally {
  await api.stop();
}

function pct(a: number, b: number) {
  return `${Math.round((a / b) * 100)}%`;
}
