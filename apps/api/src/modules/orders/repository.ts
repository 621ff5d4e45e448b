import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * Seat and discount-use locking (docs/decisions/060). Call AFTER the transaction has written the
 * claim it wants to check (a new pending order, or an order turned paid): it locks the discount
 * row and then the course-date rows in id order (the same order in every transaction, so no
 * deadlocks), then counts the holds in a fresh statement. In READ COMMITTED each statement sees
 * everything committed before it started, so once we hold the locks the count includes every
 * earlier claim and our own uncommitted one; nobody else can add a claim to these rows until we
 * commit or roll back.
 *
 * `FOR NO KEY UPDATE` rather than `FOR UPDATE`: it serialises claimants just the same but does not
 * block the `KEY SHARE` locks that inserting order rows (foreign keys) take, so the inserts of
 * concurrent orders run in parallel and only the short count + commit is serialised.
 *
 * The hold rule is the one of `placesLeftByDate` / `usesByDiscount` (paid, or pending with a hold
 * that has not run out), but without clamping at 0: we need to see "one too many".
 */
export async function lockAndCountClaims(
  tx: Tx,
  target: { dateIds: number[]; discountId: number | null },
  now: Date,
): Promise<{ overbookedDateIds: number[]; discountOverused: boolean }> {
  const dateIds = [...new Set(target.dateIds.map(Number))].sort((a, b) => a - b);
  if (target.discountId !== null) {
    await tx.execute(sql`select id from discount_codes where id = ${target.discountId} for no key update`);
  }
  if (dateIds.length) {
    await tx.execute(sql`select id from course_dates where id in ${sql.raw(`(${dateIds.join(",")})`)} order by id for no key update`);
  }
  const at = now.toISOString();
  const holding = sql`(o.status = 'paid' or (o.status = 'pending' and o.expires_at > ${at}))`;
  const { rows } = await tx.execute<{ kind: "date" | "code"; id: number; cap: number; used: number }>(sql`
    select 'date' as kind, d.id, d.capacity as cap, coalesce((
      select sum(oi.seats) from order_items oi join orders o on o.id = oi.order_id
      where oi.course_date_id = d.id and ${holding}), 0) as used
    from course_dates d where d.id in ${sql.raw(`(${dateIds.length ? dateIds.join(",") : "null"})`)}
    union all
    select 'code', dc.id, dc.max_uses, (select count(*) from orders o where o.discount_code_id = dc.id and ${holding})
    from discount_codes dc where dc.id = ${target.discountId ?? -1}`);
  const over = rows.filter((r) => Number(r.used) > Number(r.cap));
  return {
    overbookedDateIds: over.filter((r) => r.kind === "date").map((r) => Number(r.id)),
    discountOverused: over.some((r) => r.kind === "code"),
  };
}
