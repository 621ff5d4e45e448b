/**
 * The count of places and code uses under lock that every order change ends with (a new order on
 * the locked path, a late payment, an office booking, a transfer): one place too many, or a code
 * used once too often, and the caller rolls back.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * Seat and discount-use check under lock (docs/decisions/060, 080). Call AFTER the transaction has
 * written the claim it wants to check (a new pending order, or an order turned paid): the seat
 * counter triggers have then already locked the claim's course-date rows (in id order) and added
 * its seats to `seats_held`. This locks the dates (again, a no-op for rows we hold, so the order
 * is the same with or without a claim) and then the discount row, and checks in a fresh
 * statement. In READ COMMITTED each statement sees everything committed before it started, so
 * once we hold the locks the check includes every earlier claim and our own uncommitted one;
 * nobody else can add a claim to these rows until we commit or roll back.
 *
 * Lock order everywhere: course dates by id, then the discount code. The counter triggers take
 * the dates first whenever an order is written, so the code must come after them.
 *
 * `FOR NO KEY UPDATE` rather than `FOR UPDATE`: it serialises claimants just the same but does not
 * block the `KEY SHARE` locks that inserting order rows (foreign keys) take.
 *
 * Seats: the rule `seats_taken(date, at)` (migration 0004, summing each item's seats). Codes: the
 * rule of `usesByDiscount` (paid, or pending with a hold that has not run out). Neither clamped at
 * 0: we need to see "one too many".
 */
export async function lockAndCountClaims(
  tx: Tx,
  target: { dateIds: number[]; discountId: number | null },
  now: Date,
): Promise<{ overbookedDateIds: number[]; discountOverused: boolean }> {
  const dateIds = [...new Set(target.dateIds.map(Number))].sort((a, b) => a - b);
  if (dateIds.length) {
    await tx.execute(
      sql`select id from course_dates where id in ${sql.raw(`(${dateIds.join(",")})`)} order by id for no key update`,
    );
  }
  if (target.discountId !== null) {
    await tx.execute(sql`select id from discount_codes where id = ${target.discountId} for no key update`);
  }
  const at = now.toISOString();
  const holding = sql`(o.status = 'paid' or (o.status = 'pending' and o.expires_at > ${at}))`;
  const { rows } = await tx.execute<{ kind: "date" | "code"; id: number; cap: number; used: number }>(sql`
    select 'date' as kind, d.id, d.capacity as cap, seats_taken(d, ${at}) as used
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
