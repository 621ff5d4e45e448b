import { createPool, createDb } from "./db/client";
import { listDates } from "./modules/learners/dates-list";
const pool = createPool(process.env.DB!, 4);
const db = createDb(pool);
const viewer = { id: 1, name: "x", role: "owner" } as any;
for (const [when, page] of [["current", 1], ["current", 3], ["past", 1], ["past", 108]] as const) {
  const ts: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t = performance.now();
    await listDates(db, new Date(), viewer, { limit: 25, offset: (page - 1) * 25, page } as any, when);
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(when, page, "min", ts[0]!.toFixed(1), "p50", ts[12]!.toFixed(1), "ms");
}
await pool.end();
