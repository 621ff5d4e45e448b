/**
 * SQL of the learner dates list (decision 530): one page of the course dates with learners of paid
 * bookings, and how many there are in the window. Readiness is not computed here: the service reads
 * the page's learners in one query and applies the rule (readinessOf) in TypeScript.
 */
import { sql, type SQL } from "drizzle-orm";
import type { LearnerDateWindow } from "@app/contract";
import type { DbOrTx } from "../../db/client";

export type LearnerDatesFilter = {
  when: LearnerDateWindow;
  /** The first day of the current window (dates ending on or after it are current). */
  from: string;
  /** A trainer's dates (decision 332); null: every date. */
  scope: number[] | null;
};

/**
 * A date has learners when one of its places of a paid booking has a learner record: probed per
 * date through the date's items (order_items_course_date_idx), their places, the record by place
 * and the order by id, stopping at the first. `offset 0` keeps it a per-date probe: pulled up into a
 * semi-join, the planner may choose to read every learner record and place instead.
 */
const hasLearners = sql`exists (
  select 1 from order_items i
  join order_attendees a on a.order_item_id = i.id
  join learner_records lr on lr.attendee_id = a.id
  join orders o on o.id = a.order_id
  where i.course_date_id = d.id and o.status = 'paid'
  offset 0)`;

function whereOf(f: LearnerDatesFilter): SQL {
  const window = f.when === "past" ? sql`d.end_date < ${f.from}::date` : sql`d.end_date >= ${f.from}::date`;
  const scope = f.scope ? sql` and d.id = any(${sql.param(f.scope)}::int[])` : sql``;
  return sql`${window}${scope} and ${hasLearners}`;
}

export type LearnerDateRow = { id: number; course_id: number; title: string | null; start_date: string; end_date: string };

/** One page of the window's dates: current soonest first, past latest first (ties by id). */
export async function learnerDatesPage(db: DbOrTx, f: LearnerDatesFilter, limit: number, offset: number) {
  const order = f.when === "past" ? sql`d.start_date desc, d.id desc` : sql`d.start_date asc, d.id asc`;
  const { rows } = await db.execute<LearnerDateRow>(sql`
    select d.id, d.course_id, c.title, d.start_date::text as start_date, d.end_date::text as end_date
    from course_dates d left join courses c on c.id = d.course_id
    where ${whereOf(f)}
    order by ${order}
    limit ${limit} offset ${offset}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), course_id: Number(r.course_id) }));
}

/** How many dates the window holds (the list's x-total-count). */
export async function countLearnerDates(db: DbOrTx, f: LearnerDatesFilter): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from course_dates d where ${whereOf(f)}`);
  return Number(rows[0]?.n ?? 0);
}
