import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** The sign-in throttle's counters (table login_throttle; the rules are in throttle.ts). */
export type ThrottleRow = { key: string; failures: number; window_start: Date; last_failure_at: Date };

export async function throttleRows(db: Db, keys: string[]): Promise<Map<string, ThrottleRow>> {
  const { rows: found } = await db.execute<ThrottleRow>(
    sql`select key, failures, window_start, last_failure_at from login_throttle where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Map(
    found.map((r) => [r.key, { ...r, window_start: new Date(r.window_start), last_failure_at: new Date(r.last_failure_at) }]),
  );
}

/** Counts one failure for the key, starting a new window when the last began `windowMs` ago; answers the count. */
export async function bumpFailures(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const at = now.toISOString();
  const { rows: out } = await db.execute<{ failures: number }>(
    sql`insert into login_throttle (key, failures, window_start, last_failure_at) values (${key}, 1, ${at}, ${at})
        on conflict (key) do update set
          failures = case when login_throttle.window_start <= ${at}::timestamptz - ${`${windowMs} milliseconds`}::interval
                          then 1 else login_throttle.failures + 1 end,
          window_start = case when login_throttle.window_start <= ${at}::timestamptz - ${`${windowMs} milliseconds`}::interval
                              then ${at}::timestamptz else login_throttle.window_start end,
          last_failure_at = ${at}
        returning failures`,
  );
  return out[0]?.failures ?? 1;
}

export async function deleteThrottleKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from login_throttle where key = ${key}`);
}

/** A mark (no failures) whose window starts now: a device that signed in. */
export async function markKey(db: Db, key: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`insert into login_throttle (key, failures, window_start, last_failure_at) values (${key}, 0, ${at}, ${at})
        on conflict (key) do update set window_start = ${at}`,
  );
}

/** Deletes counters a day after their last failure, and device marks older than `deviceDays`. */
export async function deleteStaleThrottle(db: Db, now: Date, deviceDays: number): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`delete from login_throttle
        where (key not like 'device:%' and last_failure_at < ${at}::timestamptz - interval '1 day')
           or window_start < ${at}::timestamptz - ${`${deviceDays} days`}::interval`,
  );
}
