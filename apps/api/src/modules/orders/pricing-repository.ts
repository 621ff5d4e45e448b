/**
 * The pricing read of the orders module: the wanted courses with their open dates and add-ons,
 * shared by the carts priced at the same moment (decision 254). No locks: the booking statement
 * re-checks what matters under lock.
 */
import { sql } from "drizzle-orm";
import { executePrepared, type Db } from "../../db/client";
import { batched, perKey } from "../../lib/batch";
import type { CourseForPricing } from "./pricing";

/**
 * The wanted courses in one query, shared by the carts priced at the same moment (course, its open
 * dates from `today` on, its add-ons), without locks: the booking statement re-checks what
 * matters under lock. Draft courses (decision 190) are left out, so /enroll answers them as unknown courses.
 */
export async function coursesForPricing(db: Db, ids: number[], today: string): Promise<CourseForPricing[]> {
  return pricingReadsOf(db)({ ids, today });
}

/**
 * The carts priced during one turn of the event loop read their courses in one query (decision
 * 254): the union of their course ids, then each cart gets the rows it asked for.
 */
const pricingReadsOf = perKey((db: Db) =>
  batched(async (asks: { ids: number[]; today: string }[]) => {
    const byDay = new Map<string, Map<number, CourseForPricing>>();
    for (const today of new Set(asks.map((a) => a.today))) {
      const ids = [...new Set(asks.filter((a) => a.today === today).flatMap((a) => a.ids))];
      const rows = await executePrepared<CourseForPricing>(
        db,
        "enroll_price_items",
        sql`
        select c.id, c.title, c.description, c.fee_pence, c.duration, c.time, c.needs_approval, c.prerequisites,
          coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'start', d.start_date, 'end', d.end_date))
            from course_dates d where d.course_id = c.id and d.closed_at is null and d.start_date >= ${today}), '[]') as dates,
          coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price_pence))
            from course_add_ons a where a.course_id = c.id), '[]') as add_ons
        from courses c where c.id = any(${sql.param(ids)}::int[]) and c.archived_at is null and c.status = 'published'`,
      );
      byDay.set(today, new Map(rows.map((r) => [Number(r.id), r])));
    }
    return asks.map((a) => {
      const found = byDay.get(a.today)!;
      return [...new Set(a.ids)].flatMap((id) => found.get(id) ?? []);
    });
  }),
);
