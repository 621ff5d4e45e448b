/**
 * Years of data (decision 460): fills a migrated, seeded database with what a busy centre holds
 * after ten years (at scale 1: 60,000 orders, ~100,000 attendees, 1,000,000 activity entries,
 * 300,000 mails, 50,000 learner records with small evidence files, 5,000 messages, waiting lists,
 * scheduled mail). Set-based SQL only (generate_series, INSERT … SELECT), deterministic from the
 * seed and `now`: Postgres' random() is seeded with setseed() and nothing runs in parallel.
 *
 * Row triggers are off while it loads (session_replication_role = replica, which needs a superuser):
 * the counters they keep (seats held, code uses, learner records) are written here and recounted
 * at the end with the migrations' own functions.
 */
import type pg from "pg";
import { ONLINE_INDEXES_FOLDER } from "../migrate";
import { applyOnlineIndexes, readOnlineIndexes } from "../online-indexes";
import { keepDayCounts } from "../../modules/activity";
import { runBackfills } from "../backfills";
import { createDb } from "../client";
import { fillHistory } from "./volume-history";

export type VolumeOptions = {
  /** 1 = the full ten years; 0.1 = a tenth (CI). */
  scale: number;
  seed: number;
  now: Date;
  log?: (msg: string) => void;
};

export { volumeTargets, type VolumeCounts } from "./volume-targets";
import { volumeTargets, type VolumeCounts } from "./volume-targets";

/** Runs the statements on one connection (setseed holds for the session). */
export async function generateVolume(pool: pg.Pool, opts: VolumeOptions): Promise<VolumeCounts> {
  const t = volumeTargets(opts.scale);
  const log = opts.log ?? (() => {});
  const c = await pool.connect();
  let counts: VolumeCounts;
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = Date.now();
    const r = await c.query(text, values);
    log(`${name}: ${r.rowCount ?? 0} rows in ${Date.now() - started} ms`);
  };
  try {
    // The online indexes (trigram) are dropped while loading and built again at the end, as a
    // migration at size builds them (CREATE INDEX CONCURRENTLY): loading through them is slower.
    const online = readOnlineIndexes(ONLINE_INDEXES_FOLDER).filter((i) => i.name);
    for (const index of online) await c.query(`drop index if exists "${index.name}"`);
    await c.query("set session_replication_role = replica");
    await c.query("set max_parallel_workers_per_gather = 0");
    await c.query("set synchronous_commit = off");
    await c.query("select setseed($1)", [((opts.seed % 1000) + 1) / 1001]);
    const now = opts.now.toISOString();
    await c.query(`create temp table vol_params as select $1::timestamptz as now, $2::int as orders`, [now, t.orders]);
    await c.query(`create or replace function pg_temp.vol_ref(n bigint) returns text language sql immutable as $$
      select string_agg(substr('ACDEFGHJKMNPQRTUVWXYZ234679', ((n * 7919 + 104729) % 282429536481 / (27::bigint ^ k)::bigint % 27)::int + 1, 1), '' order by k)
      from generate_series(0, 7) k $$`);

    // Dates every week for each published course, ten years back and half a year ahead.
    await step(
      "course dates",
      `insert into course_dates (course_id, start_date, end_date, capacity, created_at, updated_at)
       select c.id, d::date, d::date + (c.id % 5), 20, d - interval '120 days', d - interval '120 days'
       from courses c cross join vol_params p
       cross join generate_series(date_trunc('week', p.now - interval '3650 days') + (c.id % 5) * interval '1 day',
                                  p.now + interval '180 days', interval '7 days') d
       where c.status = 'published' and c.archived_at is null
         and not exists (select 1 from course_dates x where x.course_id = c.id and x.start_date = d::date)`,
    );
    await c.query(`create temp table vol_dates as
      select row_number() over (order by d.start_date, d.id) as n, d.id, d.course_id, d.start_date, d.end_date,
        c.title, c.duration, c.time, c.description, c.fee_pence
      from course_dates d join courses c on c.id = d.course_id;
      create index on vol_dates (start_date, n)`);

    // Orders: more in recent years (the centre grew) and in spring and autumn (seasonality).
    await step(
      "orders",
      `with cand as (
         select g, p.now - (3650 * (1 - sqrt(random()))) * interval '1 day' as at, random() as keep
         from generate_series(1, (select orders from vol_params) * 2) g cross join vol_params p
       ), kept as (
         select at from cand
         where keep < 0.65 + 0.35 * cos(2 * pi() * (extract(doy from at) - 100) / 182.5)
         limit (select orders from vol_params)
       ), numbered as (
         select row_number() over (order by at) as n, at, random() as r, random() as r2,
           (array['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Leo','Grace','Jack','Freya','Harry',
                  'Aisha','Tomasz','Chloe','Daniel','Sophie','Liam','Zara','Kacper'])[1 + floor(random() * 20)::int] as fn,
           (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright',
                  'Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke',
                  'Khan','Nowak','Murphy','Edwards','Hughes'])[1 + floor(random() * 25)::int] as ln
         from kept
       )
       insert into orders (reference, booking_ref, terms_version, terms_accepted_at, status, first_name, last_name,
         guest_name, guest_email, phone_number, country, street_address, town_city, state, postcode, company_name,
         subtotal_pence, total_pence, amount_paid_pence, paid_at, expires_at, cancelled_at, expired_at,
         payment_provider, provider_session_id, created_at, updated_at)
       select 'vol_' || md5(n::text || '-' || r::text), pg_temp.vol_ref(n), '2024-01', at,
         (case when r < 0.86 then 'paid' when r < 0.93 then 'expired' else 'cancelled' end)::order_status,
         fn, ln, fn || ' ' || ln, lower(fn) || '.' || lower(ln) || n || '@example.com',
         '07700 ' || lpad((900000 + n % 100000)::text, 6, '0'), 'United Kingdom', n || ' Example Street', 'Bootle',
         'Merseyside', 'L20 ' || (n % 9 + 1) || 'XX', case when r2 < 0.1 then 'Example Security Ltd ' || (n % 300) end,
         0, 0, null, case when r < 0.86 then at + interval '3 minutes' end, at + interval '30 minutes',
         case when r >= 0.93 then at + interval '2 days' end, case when r >= 0.86 and r < 0.93 then at + interval '30 minutes' end,
         'local', 'vol_cs_' || n, at, at
       from numbered order by n`,
    );

    // One item per order (one in ten buys two courses); 1 place, or a group of 2 to 8.
    await step(
      "order items",
      `with o as (
         select o.id as oid, o.created_at, random() as r, random() as r2, random() as r3, k from orders o
         cross join generate_series(1, 2) k where o.reference like 'vol\\_%'
       ), picked as (
         select o.oid, o.created_at, k, case when r2 < 0.8 then 1 when r2 < 0.92 then 2 else 3 + floor(r3 * 6)::int end as seats,
           (select d from vol_dates d where d.start_date >= (o.created_at + (3 + floor(r * 50)::int) * interval '1 day')::date
              order by d.start_date, d.n offset floor(r3 * 8)::int limit 1) as d
         from o where k = 1 or r < 0.1
       )
       insert into order_items (order_id, course_id, course_date_id, title, duration, time, description, start_date,
         end_date, date_label, original_price_pence, price_paid_pence, seats, created_at)
       select oid, (d).course_id, (d).id, (d).title, (d).duration, (d).time, left((d).description, 200), (d).start_date,
         (d).end_date, to_char((d).start_date, 'FMDD Mon YYYY'), (d).fee_pence * seats, (d).fee_pence * seats, seats, created_at
       from picked where d is not null order by oid, k`,
    );
    await step(
      "order totals",
      `update orders o set subtotal_pence = s.t, total_pence = s.t,
         amount_paid_pence = case when o.status = 'paid' or o.cancelled_at is not null then s.t end,
         paid_at = case when o.cancelled_at is not null then o.created_at + interval '3 minutes' else o.paid_at end
       from (select order_id, sum(original_price_pence)::int as t from order_items group by order_id) s
       where s.order_id = o.id and o.reference like 'vol\\_%'`,
    );
    await c.query(
      `delete from orders o where o.reference like 'vol\\_%' and not exists (select 1 from order_items i where i.order_id = o.id)`,
    );
    await step(
      "attendees",
      `insert into order_attendees (order_id, order_item_id, position, first_name, last_name, email, created_at)
       select i.order_id, i.id, g, case when g = 1 then o.first_name else
           (array['Ben','Ella','Sam','Ruby','Adam','Lily','Josh','Evie','Max','Poppy'])[1 + (i.id + g) % 10] end,
         case when g = 1 then o.last_name else (array['Price','Bell','Cook','Ward','Kelly','Moore'])[1 + (i.id * g) % 6] end,
         case when g = 1 then o.guest_email else 'learner' || i.id || '.' || g || '@example.com' end, i.created_at
       from order_items i join orders o on o.id = i.order_id cross join generate_series(1, i.seats) g
       where o.reference like 'vol\\_%' order by i.id, g`,
    );
    await step(
      "payments",
      `insert into order_payments (order_id, method, provider_payment_id, created_at)
       select id, case when id % 20 = 0 then 'bank_transfer' when id % 13 = 0 then 'card_phone' else 'card_online' end,
         'local_pi_' || id, paid_at
       from orders where paid_at is not null and reference like 'vol\\_%'`,
    );
    // Refunds: every cancelled paid order in full, and one paid order in 40 in part.
    await step(
      "refunds",
      `insert into refunds (order_id, amount_pence, provider_refund_id, admin_name, reason, created_at)
       select id, case when status = 'cancelled' then amount_paid_pence else greatest(1, amount_paid_pence / 4) end,
         'local_re_' || id, 'Site Administrator', case when status = 'cancelled' then 'Customer cancelled' else 'Goodwill' end,
         coalesce(cancelled_at, paid_at + interval '5 days')
       from orders where amount_paid_pence > 0 and (status = 'cancelled' or id % 40 = 0) and reference like 'vol\\_%'`,
    );
    // The bookings list's sort keys (decision 520), as the orders module writes them with each order.
    await step("order list keys", `select refresh_order_list_keys(array(select id from orders where reference like 'vol\\_%'))`);
    const generated = await fillHistory(c, t, step);
    const started = Date.now();
    const { built, failed } = await applyOnlineIndexes(c, ONLINE_INDEXES_FOLDER);
    if (failed.length) throw new Error(`online indexes not built: ${failed.map((f) => `${f.name}: ${f.error}`).join("; ")}`);
    log(`online indexes (CREATE INDEX CONCURRENTLY): ${built.length} in ${Date.now() - started} ms`);
    // What the backfills of released migrations fill (decisions 520, 533, 552: charges, self-service
    // rows, list and progress keys), by the same statements: the database is as a running centre's
    // after its upgrades, and a bench's first start has nothing left to fill.
    const filling = Date.now();
    const filled = await runBackfills(c);
    log(`backfills: ${JSON.stringify(filled)} in ${Date.now() - filling} ms`);
    await c.query("reset statement_timeout");
    await c.query("reset lock_timeout");
    counts = generated;
  } finally {
    await c.query("reset session_replication_role").catch(() => {});
    c.release();
  }
  // The activity log's kept day counts (decision 540), as a running centre has them: each closed
  // day is counted by the first reader after it closes, so only an upgrade's first read counts years.
  // (Through the pool, after the loading connection is back: a pool of one would wait for it.)
  const counting = Date.now();
  await keepDayCounts(createDb(pool));
  log(`activity day counts: kept in ${Date.now() - counting} ms`);
  return counts;
}
