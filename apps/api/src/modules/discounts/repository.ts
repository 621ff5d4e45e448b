import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Discount, DiscountStatus, DiscountValidation } from "@app/contract";
import { penceToPounds } from "@app/rules";
import type { DbOrTx } from "../../db/client";
import { discountCodeCourses, discountCodes } from "../../db/schema";
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

/** What the office sees of a code on a UK day: expired and scheduled before used up (the dates say more). */
export function discountStatus(row: Pick<DiscountRow, "validFrom" | "validUntil" | "maxUses">, uses: number, today: string): DiscountStatus {
  if (today > row.validUntil) return "expired";
  if (today < row.validFrom) return "scheduled";
  if (uses >= row.maxUses) return "used_up";
  return "active";
}

export function toDiscount(row: DiscountRow, uses: number, extra: { courseIds?: number[]; today?: string } = {}): Discount {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff ?? 0, // fixed-amount codes: see amount_off (issue 13)
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    max_uses: row.maxUses,
    uses,
    uses_left: Math.max(0, row.maxUses - uses),
    amount_off: row.amountOffPence === null ? null : penceToPounds(row.amountOffPence),
    course_ids: extra.courseIds ?? [],
    ...(extra.today ? { status: discountStatus(row, uses, extra.today) } : {}),
  };
}

/** The courses each code is limited to (codes without rows work for every course). */
export async function courseIdsByDiscount(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(discountCodeCourses)
    .where(inArray(discountCodeCourses.discountCodeId, ids))
    .orderBy(asc(discountCodeCourses.courseId));
  for (const r of rows) out.set(r.discountCodeId, [...(out.get(r.discountCodeId) ?? []), r.courseId]);
  return out;
}

/** Replaces a code's course limit (empty: every course). */
export async function writeDiscountCourses(db: DbOrTx, discountId: number, courseIds: number[]): Promise<void> {
  await db.delete(discountCodeCourses).where(eq(discountCodeCourses.discountCodeId, discountId));
  if (courseIds.length) await db.insert(discountCodeCourses).values(courseIds.map((courseId) => ({ discountCodeId: discountId, courseId })));
}

/** The office's view of one code now: uses, course limit and status. */
export async function discountForOffice(db: DbOrTx, row: DiscountRow, now: Date): Promise<Discount> {
  const uses = (await usesByDiscount(db, [row.id], now)).get(row.id) ?? 0;
  const courses = (await courseIdsByDiscount(db, [row.id])).get(row.id) ?? [];
  return toDiscount(row, uses, { courseIds: courses, today: ukDate(now) });
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
  const courses = await courseIdsByDiscount(db, rows.map((r) => r.id));
  const today = ukDate(now);
  return {
    items: rows.map((r) => toDiscount(r, uses.get(r.id) ?? 0, { courseIds: courses.get(r.id) ?? [], today })),
    total: count?.n ?? 0,
  };
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
