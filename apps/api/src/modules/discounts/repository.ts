/** Every SQL statement of the discounts module; the rules live in service.ts. */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { executePrepared, type Db, type DbOrTx } from "../../db/client";
import { batched, perKey } from "../../lib/batch";
import { courses, discountCodeCourses, discountCodes, type DiscountCodeRow } from "../../db/schema";
import type { Page } from "../../lib/paging";

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

/** The courses each code is limited to (a code without rows: every course), ids ascending. */
export async function courseIdsByDiscount(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(discountCodeCourses)
    .where(inArray(discountCodeCourses.discountCodeId, ids))
    .orderBy(asc(discountCodeCourses.discountCodeId), asc(discountCodeCourses.courseId));
  for (const r of rows) out.set(r.discountCodeId, [...(out.get(r.discountCodeId) ?? []), r.courseId]);
  return out;
}

/**
 * A live code by its text with its uses (THE rule, `discount_uses_taken`) and the courses it is
 * limited to, in one query: the checkout prices a cart with a code on every order (issue 16: one
 * round trip, not two).
 */
export async function findLiveByCodeWithUse(
  db: Db,
  code: string,
  now: Date,
): Promise<{ row: DiscountCodeRow; uses: number; courseIds: number[] } | null> {
  return codeReadsOf(db)({ code: code.trim().toUpperCase(), at: now.toISOString() });
}

type CodeRead = {
  n: number;
  id: number;
  code: string;
  percent_off: number | null;
  amount_off_pence: number | null;
  valid_from: string;
  valid_until: string;
  max_uses: number;
  uses_held: number;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  uses: number;
  course_ids: number[];
};

/**
 * The codes asked about during one turn of the event loop, in one prepared query (decision 254):
 * each ask keeps its own moment for the uses rule.
 */
const codeReadsOf = perKey((db: Db) =>
  batched(async (asks: { code: string; at: string }[]) => {
    const found = await executePrepared<CodeRead>(
      db,
      "discounts_by_code",
      sql`select q.n::int as n, dc.id, dc.code, dc.percent_off, dc.amount_off_pence, dc.valid_from::text as valid_from,
          dc.valid_until::text as valid_until, dc.max_uses, dc.uses_held, dc.archived_at, dc.created_at, dc.updated_at,
          discount_uses_taken(dc, q.at) as uses,
          coalesce((select array_agg(dcc.course_id order by dcc.course_id)
            from discount_code_courses dcc where dcc.discount_code_id = dc.id), '{}') as course_ids
        from unnest(${sql.param(asks.map((a) => a.code))}::text[], ${sql.param(asks.map((a) => a.at))}::timestamptz[])
          with ordinality as q(code, at, n)
        join discount_codes dc on dc.code = q.code and dc.archived_at is null`,
    );
    const byAsk = new Map(found.map((f) => [Number(f.n), f]));
    return asks.map((_, i) => {
      const f = byAsk.get(i + 1);
      if (!f) return null;
      const row: DiscountCodeRow = {
        id: f.id,
        code: f.code,
        percentOff: f.percent_off,
        amountOffPence: f.amount_off_pence,
        validFrom: f.valid_from,
        validUntil: f.valid_until,
        maxUses: f.max_uses,
        usesHeld: f.uses_held,
        archivedAt: f.archived_at,
        createdAt: f.created_at,
        updatedAt: f.updated_at,
      };
      return { row, uses: Number(f.uses), courseIds: f.course_ids.map(Number) };
    });
  }),
);

export async function findLiveById(db: DbOrTx, id: number): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), isNull(discountCodes.archivedAt)));
  return row ?? null;
}

/** Whether a live code other than `exceptId` has this text. */
export async function codeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const [clash] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(eq(discountCodes.code, code), isNull(discountCodes.archivedAt), exceptId ? ne(discountCodes.id, exceptId) : undefined),
    );
  return Boolean(clash);
}

/** Which of these course ids exist (archived courses included: a code may keep pointing at them). */
export async function existingCourseIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  return rows.map((r) => r.id);
}

export async function listLive(db: DbOrTx, page: Page): Promise<{ rows: DiscountCodeRow[]; total: number }> {
  const live = isNull(discountCodes.archivedAt);
  const rows = await db
    .select()
    .from(discountCodes)
    .where(live)
    .orderBy(asc(discountCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountCodes)
    .where(live);
  return { rows, total: count?.n ?? 0 };
}

export type DiscountWrite = Partial<
  Pick<DiscountCodeRow, "code" | "percentOff" | "amountOffPence" | "validFrom" | "validUntil" | "maxUses">
>;

export async function insertCode(tx: DbOrTx, values: Required<DiscountWrite>): Promise<DiscountCodeRow> {
  const [row] = await tx.insert(discountCodes).values(values).returning();
  return row!;
}

export async function updateCode(tx: DbOrTx, id: number, values: DiscountWrite, now: Date): Promise<DiscountCodeRow> {
  const [row] = await tx
    .update(discountCodes)
    .set({ ...values, updatedAt: now })
    .where(eq(discountCodes.id, id))
    .returning();
  return row!;
}

/** Replaces the courses a code is limited to ([]: every course). */
export async function setCourses(tx: DbOrTx, id: number, courseIds: number[]): Promise<void> {
  await tx.delete(discountCodeCourses).where(eq(discountCodeCourses.discountCodeId, id));
  if (courseIds.length)
    await tx.insert(discountCodeCourses).values(courseIds.map((courseId) => ({ discountCodeId: id, courseId })));
}

/** Archived, not deleted: orders keep pointing at the code they used. Null when there is no live code. */
export async function archiveCode(tx: DbOrTx, id: number, now: Date): Promise<DiscountCodeRow | null> {
  const [row] = await tx
    .update(discountCodes)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(discountCodes.id, id), isNull(discountCodes.archivedAt)))
    .returning();
  return row ?? null;
}
