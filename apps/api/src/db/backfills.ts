/**
 * Data a migration adds a table or column for but must not fill in its own transaction (decisions
 * 520, 552): drizzle's migrator runs every pending migration in one transaction, so a statement
 * over every order there holds that transaction, and with it every lock the release's migrations
 * took (on orders and courses: bookings stop), until it commits, and meets the migration's own
 * statement timeout on years of data. Each backfill here runs after the migrations, a batch of rows
 * per transaction (a batch locks only its rows, for milliseconds, and skips rows a booking holds),
 * walking the orders once in id order, until no row is left; every start runs it again and finds
 * nothing to do, or finishes what an interrupted start or the previous release's instances (still
 * writing during a rolling upgrade) left.
 *
 * `when` says whether the API may serve before the backfill is done:
 * - "before serving": what reads the rows cannot do without them (a charge missing from an order is
 *   money missing from its invoices, reports and payouts, and a new charge recorded beside a missing
 *   one would hide it from the backfill); `migrate()` runs these under the migration lock, so every
 *   instance of the new release waits for them (a later one finds nothing to do) before it serves.
 * - "after indexes": what reads the rows works without them (the reader says how); run by the one
 *   instance that builds the online indexes, after them.
 */
import type pg from "pg";

export type BackfillWhen = "before serving" | "after indexes";

type Backfill = {
  name: string;
  when: BackfillWhen;
  /**
   * One batch, its own transaction: $1 is the last order id of the previous batch (0 at first).
   * Answers `n`, the orders it looked at (0: done), `last`, the highest of their ids, and
   * `written`, the rows it wrote.
   */
  batch: string;
};

const BATCH = 500;

/**
 * The batch's orders (`columns` of them as locked: the row's latest version, not the statement's
 * snapshot), locked as `lock` says; `where` picks the orders still to fill.
 */
const ordersToFill = (where: string, lock: string, columns = "o.id") => `
  select ${columns} from orders o
  where o.id > $1 and ${where}
  order by o.id limit ${BATCH}
  for ${lock} of o skip locked`;

/** A batch's answer (see `Backfill.batch`) from its CTE `batch` of ids and what it `written`. */
const answer = (written: string) =>
  `select (select count(*) from batch)::int as n, (select max(id) from batch) as last, ${written} as written`;

const BACKFILLS: Backfill[] = [
  {
    // Migration 0034 (decision 368): what was received before order_charges, one row per paid
    // order, exactly as the released 0034 wrote it (an office booking's later payments were summed
    // into amount_paid_pence and stay one row). An order with money but no charge at all is one
    // that predates the table (or that the previous release took money for during the upgrade):
    // every writer since records a charge in the transaction that adds to amount_paid_pence, under
    // the order's row lock, which this batch takes too.
    name: "order charges",
    when: "before serving",
    batch: `with batch as (${ordersToFill(
      `o.amount_paid_pence > 0 and o.paid_at is not null
        and not exists (select 1 from order_charges c where c.order_id = o.id)`,
      "update",
      "o.id, o.amount_paid_pence, o.payment_provider, o.provider_session_id, o.paid_at",
    )}), written as (
      insert into order_charges (order_id, kind, amount_pence, method, provider, provider_ref, received_at, created_at)
      select b.id,
        case when b.payment_provider = 'manual' then 'office' else 'full' end,
        b.amount_paid_pence,
        coalesce(p.method, 'card_online'),
        b.payment_provider,
        case when b.payment_provider = 'manual' then null else coalesce(p.provider_payment_id, b.provider_session_id) end,
        b.paid_at,
        b.paid_at
      from batch b
      left join order_payments p on p.order_id = b.id
      on conflict do nothing
      returning 1)
    ${answer("(select count(*) from written)::int")}`,
  },
  {
    // Migration 0038 (decision 441): orders placed before order_self_service keep the first
    // booking policy. Every later order gets its row from the table's insert trigger, so a missing
    // row is such an order, and self-service/repository.ts reads it as this row until it exists.
    // KEY SHARE is the lock the row's foreign key takes anyway: a booking's update never waits on it.
    name: "order self-service rows",
    when: "after indexes",
    batch: `with batch as (${ordersToFill(
      "not exists (select 1 from order_self_service s where s.order_id = o.id)",
      "key share",
    )}), written as (
      insert into order_self_service (order_id, policy_version)
      select id, 1 from batch
      on conflict do nothing
      returning 1)
    ${answer("(select count(*) from written)::int")}`,
  },
  {
    // Migration 0043 (decision 520): the bookings list's sort keys of orders written before it.
    name: "order list keys",
    when: "after indexes",
    batch: `with batch as (${ordersToFill("o.list_learner is null", "update")})
    ${answer("refresh_order_list_keys(array(select id from batch))")}`,
  },
  {
    // Migration 0046 (decision 534): the course date of learner records made before it. Found by
    // joining their places, items and orders; a record written stops matching. Until a record is
    // filled its date is missing from the learner dates list (an office list, complete again
    // seconds after the upgrade's online indexes).
    name: "learner records' paid course date",
    when: "after indexes",
    batch: `with batch as (
      select lr.id from learner_records lr
      join order_attendees a on a.id = lr.attendee_id
      join orders o on o.id = a.order_id
      join order_items i on i.id = a.order_item_id
      where lr.id > $1 and lr.paid_course_date_id is null and o.status = 'paid' and i.course_date_id is not null
      order by lr.id limit ${BATCH} for update of lr skip locked
    ), u as (
      update learner_records lr set paid_course_date_id = learner_paid_course_date(lr.attendee_id)
      from batch b where lr.id = b.id returning 1
    )
    ${answer("(select count(*) from u)::int")}`,
  },
  {
    // Migration 0047 (decision 533): the progress list's keys of learner records written before it.
    // Until a record is filled it is missing from the progress list and the certificate alert's
    // count (an office list, complete again seconds after the upgrade's online indexes).
    name: "learner progress keys",
    when: "after indexes",
    batch: `with batch as (
      select id from learner_records where id > $1 and progress_open is null
      order by id limit ${BATCH} for update skip locked)
    ${answer("refresh_learner_progress_keys(array(select id from batch))")}`,
  },
];

/** Runs the backfills (those of one `when`, or all) to the end; the rows written by each. */
export async function runBackfills(client: pg.PoolClient, when?: BackfillWhen): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const backfill of BACKFILLS) {
    if (when && backfill.when !== when) continue;
    let total = 0;
    let last = 0;
    for (;;) {
      // Autocommit: each batch is its own transaction. The comment names it (bench/migrations.ts).
      const { rows } = await client.query<{ n: number; last: number | null; written: number }>(
        `/* backfill: ${backfill.name} */ ${backfill.batch}`,
        [last],
      );
      const row = rows[0];
      if (!row || Number(row.n) === 0 || row.last === null) break;
      total += Number(row.written);
      last = Number(row.last);
    }
    written[backfill.name] = total;
  }
  return written;
}
