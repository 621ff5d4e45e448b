/**
 * The second half of the years-of-data generator (volume.ts): what the orders left behind
 * (learner records and their evidence, register marks and results, mails, activity, scheduled
 * mail), then messages and waiting lists, then the counters recounted and the tables analysed.
 */
import type pg from "pg";
import type { VolumeCounts, volumeTargets } from "./volume-targets";

type Step = (name: string, text: string, values?: unknown[]) => Promise<void>;

export async function fillHistory(c: pg.PoolClient, t: ReturnType<typeof volumeTargets>, step: Step): Promise<VolumeCounts> {
  // Learner records for the places on licence-linked courses of paid orders (as the trigger
  // ensure_learner_records makes them), newest first, up to the target.
  await step(
    "learner records",
    `insert into learner_records (attendee_id, token, licence_kind, first_aid_required, full_name, date_of_birth, address,
       postcode, phone, email, id_checked_at, id_checked_by, certificate_issued_at, certificate_issued_by, purged_at, created_at, updated_at)
     select a.id, md5('t' || a.id || random()) || md5('u' || a.id || random()), k.kind, k.kind in ('door_supervisor', 'security_guard'),
       case when not old then a.first_name || ' ' || a.last_name end, case when not old then date '1990-01-01' + (a.id % 9000) end,
       case when not old then a.id || ' Example Road, Bootle' end, case when not old then 'L20 1XX' end,
       case when not old then '07700 900' || lpad((a.id % 1000)::text, 3, '0') end, case when not old then a.email end,
       case when past then i.start_date + time '09:00' end, case when past then 'Site Administrator' end,
       case when past and a.id % 10 <> 0 then i.end_date + time '17:00' end, case when past and a.id % 10 <> 0 then 'Site Administrator' end,
       case when old then p.now end, a.created_at + interval '5 minutes', a.created_at + interval '5 minutes'
     from order_attendees a join order_items i on i.id = a.order_item_id join orders o on o.id = a.order_id
     cross join vol_params p
     cross join lateral (select learner_licence_kind(i.title) as kind, i.end_date < p.now::date as past,
       i.end_date < (p.now - interval '3 years')::date as old) k
     where o.status = 'paid' and k.kind is not null and o.reference like 'vol\\_%'
     order by a.id desc limit $1`,
    [t.learners],
  );
  await step(
    "evidence files",
    `insert into learner_evidence (learner_id, kind, file_name, content_type, size_bytes, sha256, bytes, uploaded_at)
     select r.id, 'first_aid', 'first-aid-' || r.id || '.png', 'image/png', length(b), encode(sha256(b), 'hex'), b, r.created_at + interval '1 day'
     from learner_records r
     cross join lateral (select decode('89504e470d0a1a0a', 'hex') || convert_to(repeat(md5(r.token), 60), 'UTF8') as b) x
     where r.first_aid_required and r.purged_at is null`,
  );
  await step(
    "register marks",
    `insert into learner_attendance (learner_id, day, status, recorded_by, recorded_at)
     select r.id, d::date, case when (r.id + extract(day from d)::int) % 17 = 0 then 'absent' else 'present' end,
       'Site Administrator', d + time '09:30'
     from learner_records r join order_attendees a on a.id = r.attendee_id join order_items i on i.id = a.order_item_id
     cross join vol_params p cross join generate_series(i.start_date, i.end_date, interval '1 day') d
     where d < p.now`,
  );
  await step(
    "results",
    `insert into learner_results (learner_id, unit, result, recorded_by, recorded_at)
     select r.id, 'Assessment', case when r.id % 12 = 0 then 'resit' else 'pass' end, 'Site Administrator', coalesce(r.certificate_issued_at, r.id_checked_at)
     from learner_records r where r.id_checked_at is not null`,
  );
  // The progress list's keys (decision 533), as the app's writers keep them.
  await step("learner progress keys", `select refresh_learner_progress_keys(array(select id from learner_records))`);
  // Mails: the confirmation and the office's notice of each order, reminders, then the rest (contact
  // notices, results) up to the target; each booking mail names its reference as the app's do.
  await step(
    "mails",
    `with src as (
       select o.id, o.guest_email, o.first_name || ' ' || o.last_name as name, o.created_at,
         substr(o.booking_ref, 1, 4) || '-' || substr(o.booking_ref, 5, 4) as ref, k
       from orders o cross join generate_series(1, 6) k
       where o.reference like 'vol\\_%' and (k <= 2 or (o.status = 'paid' and k <= 5) or (o.id % 3 = 0))
     )
     insert into mail_outbox ("to", to_name, message_id, subject, html, text, kind, status, attempts, next_attempt_at, sent_at, created_at)
     select case when k = 2 then 'office@example.com' else guest_email end, name, '<vol-' || id || '-' || k || '@example.com>',
       (array['Booking confirmed', 'New booking', 'Your course starts in 7 days', 'Your course starts tomorrow',
              'Your results', 'Your learner form'])[k] || ' – ' || ref,
       '<p>Booking ' || ref || '</p>', 'Booking reference: ' || ref || E'\\nThank you, ' || name || '.',
       (array['confirmation', 'office_notice', 'reminder_7d', 'reminder_1d', 'result', 'learner_form'])[k],
       'sent', 1, created_at, created_at + interval '1 minute', created_at + k * interval '1 day'
     from src order by created_at, id, k limit $1`,
    [t.mails],
  );
  await step(
    "activity",
    `with o as (select row_number() over (order by id) as n, id, booking_ref, total_pence, created_at, first_name || ' ' || last_name as name
                from orders where reference like 'vol\\_%'),
     m as (select count(*) as m from o)
     insert into activity_log (type, action, details, user_name, amount_pence, items, created_at)
     select (array['enrollment','payment','other','other','course_completion','security'])[1 + g % 6]::activity_type,
       (array['New booking','Payment received','Booking note added','Booking transferred','Certificate issued','Staff signed in'])[1 + g % 6],
       case when g % 6 = 5 then 'Site Administrator signed in' else
         (array['Booking ','Payment for ','Note on ','Transferred ','Certificate for ',''])[1 + g % 6] ||
         substr(o.booking_ref, 1, 4) || '-' || substr(o.booking_ref, 5, 4) || ' (' || o.name || ')' end,
       case when g % 6 = 1 then 'Site Administrator' else o.name end,
       case when g % 6 < 2 then o.total_pence end, case when g % 6 = 0 then 1 end,
       o.created_at + (g % 97) * interval '1 hour'
     from generate_series(1, $1) g cross join m join o on o.n = 1 + (g::bigint * 7919) % m.m
     order by 7, 1`,
    [t.activity],
  );
  await step(
    "messages",
    `insert into contact_messages (first_name, last_name, phone_number, email_address, message, created_at, handled_at, handled_by)
     select (array['Aisha','Liam','Grace','Tomasz','Chloe','Daniel'])[1 + g % 6], (array['Khan','Murphy','Nowak','Edwards'])[1 + g % 4],
       '07700 9' || lpad((g % 100000)::text, 5, '0'), 'sender' || g || '@example.com',
       'Do you run the course at weekends? Message number ' || g || '.',
       p.now - (3650 * (1 - g::float / $1)) * interval '1 day',
       case when g < $1 - 12 then p.now - (3650 * (1 - g::float / $1) - 1) * interval '1 day' end,
       case when g < $1 - 12 then 'Site Administrator' end
     from generate_series(1, $1) g cross join vol_params p`,
    [t.messages],
  );
  // Waiting lists: a little on the coming dates, the rest on past dates (booked, expired, removed).
  await step(
    "waiting lists",
    `insert into waitlist_entries (course_date_id, name, email, phone, places, status, created_at, updated_at)
     select d.id, 'Waiting Person ' || g, 'waiting' || g || '@example.com', '07700 900' || lpad((g % 1000)::text, 3, '0'),
       1 + g % 3, case when d.start_date > p.now::date then 'waiting' else
         (array['booked','expired','removed'])[1 + g % 3] end::waitlist_status,
       d.start_date - 20 + (g % 10), d.start_date - 20 + (g % 10)
     from generate_series(1, $1) g cross join vol_params p
     join vol_dates d on d.n = 1 + (g::bigint * 104729) % (select count(*) from vol_dates)`,
    [t.waitlist],
  );
  await step(
    "scheduled mail",
    `insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, marketing, due_at, status, reason, processed_at, created_at)
     select k, a.id, a.order_id, i.course_date_id, k = 'licence_renewal',
       case k when 'reminder_7d' then i.start_date - 7 when 'reminder_1d' then i.start_date - 1 else i.end_date + 1000 end + time '09:00',
       case when (case k when 'reminder_7d' then i.start_date - 7 when 'reminder_1d' then i.start_date - 1 else i.end_date + 1000 end) > p.now::date
         then 'scheduled' when a.id % 11 = 0 then 'skipped' else 'queued' end::scheduled_mail_status,
       case when a.id % 11 = 0 then 'no consent' end, null, a.created_at
     from order_attendees a join order_items i on i.id = a.order_item_id join orders o on o.id = a.order_id
     cross join vol_params p cross join unnest(array['reminder_7d','reminder_1d','licence_renewal']) k
     where o.status = 'paid' and i.course_date_id is not null and o.reference like 'vol\\_%'
       and (k <> 'licence_renewal' or learner_licence_kind(i.title) is not null)`,
  );
  await c.query(`update scheduled_mails set processed_at = due_at where status <> 'scheduled' and processed_at is null`);
  // What recount_seats_held() (migration seat_counter_triggers) counts, written with row triggers
  // still off: with them on, every date's update would bump the catalogue (minutes at full size).
  await step(
    "seat counts",
    `update course_dates d set seats_held = c.n from (
       select i.course_date_id as id, sum(i.seats) filter (where order_holds_seats(o.status))::int as n
       from order_items i join orders o on o.id = i.order_id group by 1) c
     where d.id = c.id and d.seats_held is distinct from c.n and c.n is not null`,
  );
  // What learner_paid_course_date() (migration 0046) keeps on each record, from the final statuses.
  await step(
    "learner records' course dates",
    `update learner_records r set paid_course_date_id = i.course_date_id
     from order_attendees a join order_items i on i.id = a.order_item_id join orders o on o.id = a.order_id
     where a.id = r.attendee_id and o.status = 'paid' and r.paid_course_date_id is distinct from i.course_date_id`,
  );
  await c.query("reset session_replication_role");
  await c.query("vacuum analyze");
  const counts: VolumeCounts = {};
  for (const table of [
    "orders",
    "order_items",
    "order_attendees",
    "refunds",
    "activity_log",
    "mail_outbox",
    "learner_records",
    "learner_evidence",
    "contact_messages",
    "waitlist_entries",
    "scheduled_mails",
    "course_dates",
  ]) {
    const { rows } = await c.query<{ n: string }>(`select count(*) as n from ${table}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
