import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Discount, DiscountValidation } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { discountCodes } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import type { Page } from "../../lib/paging";

type DiscountRow = typeof discountCodes.$inferSelect;

/**
 * Uses of a code = its pending orders whose hold has not run out + its paid orders. THE code rule
 * is the SQL function `discount_uses_taken` (migration discount_uses_counter, decision 131): the
 * code's `uses_held` counter minus holds that ran out and are not marked expired yet. The counter
 * moves when a transaction commits, so inside a transaction that wrote an order with the code this
 * does not include that order yet (the locked booking path recounts instead: lockAndCountClaims).
 */
export async function usesByDiscount(db: DbOrTx, ids: number[], now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const { rows } = await db.execute<{ id: number; uses: number }>(sql`
    select dc.id, discount_uses_taken(dc, ${now.toISOString()}) as uses from discount_codes dc
    where dc.id in ${sql.raw(`(${ids.map(Number).join(",")})`)}`);
  for (const r of rows) out.set(Number(r.id), Number(r.uses));
  return out;
}

export function toDiscount(row: DiscountRow, uses: number): Discount {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff ?? 0, // fixed-amount codes: see amount_off (issue 13)
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    max_uses: row.maxUses,
    uses,
    uses_left: Math.max(0, row.maxUses - uses),
  };
}

export async function findLiveByCode(db: DbOrTx, code: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code.trim().toUpperCase()), isNull(discountCodes.archivedAt)));
  const rows = opts.lock ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function listDiscounts(db: DbOrTx, now: Date, page: Page): Promise<{ items: Discount[]; total: number }> {
  const live = isNull(discountCodes.archivedAt);
  const rows = await db.select().from(discountCodes).where(live).orderBy(asc(discountCodes.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(discountCodes).where(live);
  const uses = await usesByDiscount(db, rows.map((r) => r.id), now);
  return { items: rows.map((r) => toDiscount(r, uses.get(r.id) ?? 0)), total: count?.n ?? 0 };
}

/**
 * The coupon rule: valid from `valid_from` to `valid_until` inclusive (UK dates) and while
 * its uses are below `max_uses`.
 */
export async function checkDiscount(
  db: DbOrTx,
  code: string,
  now: Date,
  opts: { lock?: boolean } = {},
): Promise<{ result: DiscountValidation; row: DiscountRow | null }> {
  const invalid = (message: string, row: DiscountRow | null = null) => ({ result: { valid: false, message, discount: null }, row });
  if (!code.trim()) return invalid("Please enter a discount code");
  const row = await findLiveByCode(db, code, opts);
  if (!row) return invalid("Invalid discount code");
  const today = ukDate(now);
  if (today < row.validFrom) return invalid("This discount code is not active yet", row);
  if (today > row.validUntil) return invalid("This discount code has expired", row);
  const uses = (await usesByDiscount(db, [row.id], now)).get(row.id) ?? 0;
  if (uses >= row.maxUses) return invalid("This discount code has reached its usage limit", row);
  return {
    result: { valid: true, message: `Discount applied: ${row.percentOff}% off`, discount: { percent_off: row.percentOff ?? 0 } },
    row,
  };
}
