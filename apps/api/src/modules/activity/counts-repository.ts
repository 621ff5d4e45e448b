/**
 * The activity log's exact total without counting every entry (decision 540). The entries of each
 * closed UTC day are counted once and kept (`activity_day_counts`); the total is the kept days plus
 * live index range counts of what they do not cover: the live range (from the start of yesterday,
 * UTC, so no transaction still writing can add to a kept day), the first day (partly deleted by the
 * retention job, or cut by `since`), and any day changed since it was kept.
 *
 * A day changes after it was kept only when an entry is written with a time before the live range
 * (a back-dated entry): the writer then adds the day to `activity_count_changes` in its own
 * transaction (an insert, never an update of a shared row, so orders never wait on each other), and
 * the day is counted live until a reader counts it again. The retention job deletes the oldest
 * entries only, which lie on or before the first day: kept days after it are never touched.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** The start of the live range: midnight UTC at the start of yesterday. */
const LIVE_FROM = sql`((date_trunc('day', now() at time zone 'UTC') - interval '1 day') at time zone 'UTC')`;
const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone 'UTC')`;
const dayOf = (at: SQL) => sql`(${at} at time zone 'UTC')::date`;

/** Real-clock margin below which a written time may fall before the live range (clocks may differ by hours). */
const SURELY_LIVE_MS = 12 * 3_600_000;

/**
 * The CTE body that marks `at`'s day as changed when `at` is before the live range, for a writer
 * that inserts an entry with its own time in one statement (`… from <source>`).
 */
export function backdatedDayMark(at: string | Date, source: SQL) {
  const t = sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;
  return sql`insert into activity_count_changes (day) select ${dayOf(t)} from ${source} where ${t} < ${LIVE_FROM}`;
}

/** Whether an entry written at `at` may fall before the live range (by the real clock, with hours of margin). */
export const isBackdated = (at: Date) => at.getTime() <= Date.now() - SURELY_LIVE_MS;

/** After writing an entry with its own time `at`: marks its day as changed if it was already closed. */
export async function markBackdated(db: DbOrTx, at: Date): Promise<void> {
  if (!isBackdated(at)) return;
  await db.execute(backdatedDayMark(at, sql`(select 1) as one`));
}

/** The ranges of a total: from `s` (the first entry, or `since`), whole days from `kept_from`, live from `live_from`. */
const bounds = (since?: Date) => sql`
    b as (
      select ${LIVE_FROM} as live_from,
        greatest(${since ? since.toISOString() : null}::timestamptz, (select min(created_at) from activity_log)) as s),
    d as (select live_from, s, ${dayStart(sql`(${dayOf(sql`s`)} + 1)`)} as kept_from from b)`;

/** Entries before the whole days (the first day, in part) and in the live range: index range counts. */
const LIVE_PARTS = sql`
      (select count(*) from activity_log a, d where a.created_at >= d.s and a.created_at < least(d.kept_from, d.live_from))
      + (select count(*) from activity_log a, d where a.created_at >= greatest(d.s, d.live_from))`;

/** The number of entries from `since` on (all when absent), exact for the reader's snapshot. */
export async function activityTotal(db: DbOrTx, since?: Date): Promise<number> {
  // Usually every whole day is kept and unchanged: the kept counts' sum, a range of a small table.
  const { rows } = await db.execute<{ total: string; missing: number }>(sql`
    with ${bounds(since)},
    k as (
      select count(*)::int as days, coalesce(sum(entries), 0) as entries from activity_day_counts, d
      where day >= ${dayOf(sql`d.kept_from`)} and day < ${dayOf(sql`d.live_from`)}
        and day not in (select day from activity_count_changes))
    select ${LIVE_PARTS} + (select entries from k) as total,
      greatest(0, (select ${dayOf(sql`live_from`)} - ${dayOf(sql`kept_from`)} from d)) - (select days from k) as missing
    `);
  if (Number(rows[0]!.missing) === 0) return Number(rows[0]!.total);
  const total = await totalRecounting(db, since);
  await keepDayCounts(db);
  return total;
}

/** The total when some whole days are not kept or changed since: those days are counted live. */
async function totalRecounting(db: DbOrTx, since?: Date): Promise<number> {
  const { rows } = await db.execute<{ total: string }>(sql`
    with ${bounds(since)},
    days as (
      select g::date as day from d,
        generate_series(d.kept_from at time zone 'UTC', (d.live_from at time zone 'UTC') - interval '1 day', interval '1 day') g),
    kept as (
      select k.day, k.entries from activity_day_counts k join days using (day)
      where k.day not in (select day from activity_count_changes))
    select ${LIVE_PARTS} + (select coalesce(sum(entries), 0) from kept)
      + (select coalesce(sum(c.n), 0) from days r cross join lateral (
          select count(*) as n from activity_log a
          where a.created_at >= ${dayStart(sql`r.day`)} and a.created_at < ${dayStart(sql`(r.day + 1)`)}) c
        where r.day not in (select day from kept)) as total`);
  return Number(rows[0]!.total);
}

/**
 * Counts the closed days not kept yet and those changed since, and forgets days before the first
 * entry's. One writer at a time (a reader that finds the lock taken leaves it to the other), in one
 * statement, so the changes it removes are exactly those whose entries its counts include.
 */
export async function keepDayCounts(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('activity_day_counts')) as ok`,
    );
    if (!rows[0]?.ok) return;
    await tx.execute(sql`
      with b as (select ${LIVE_FROM} as live_from, (select min(created_at) from activity_log) as oldest),
      changed as (delete from activity_count_changes returning day),
      days as (
        select g::date as day from b,
          generate_series(date_trunc('day', b.oldest at time zone 'UTC') + interval '1 day',
            (b.live_from at time zone 'UTC') - interval '1 day', interval '1 day') g),
      uncounted as (
        select day from days
        where day not in (select day from activity_day_counts) or day in (select day from changed)),
      counted as (
        select t.day, c.n from uncounted t cross join lateral (
          select count(*)::int as n from activity_log a
          where a.created_at >= ${dayStart(sql`t.day`)} and a.created_at < ${dayStart(sql`(t.day + 1)`)}) c),
      gone as (
        delete from activity_day_counts k using b
        where b.oldest is null or k.day <= ${dayOf(sql`b.oldest`)})
      insert into activity_day_counts (day, entries) select day, n from counted
      on conflict (day) do update set entries = excluded.entries, counted_at = now()`);
  });
}
