/**
 * A booking loop straight on a database (decision 501): what the nightly jobs and the migrations
 * are measured against. Each booking is one transaction that writes what a booking writes (an
 * order, its item and attendee, the date's seat row, an activity entry and a mail), copied from a
 * paid order of the years-of-data set with fresh unique values, so it takes the same locks as the
 * API's checkout without needing an API of the same release as the database.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { API_DIR } from "./lib";

type PgClient = {
  query: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<{ rows: R[] }>;
  end: () => Promise<void>;
};
/** pg as the API depends on it (the bench has no database client of its own). */
const pg = createRequire(path.join(API_DIR, "package.json"))("pg") as {
  Client: new (o: object) => PgClient & { connect: () => Promise<void> };
};

export async function connect(url: string, name: string): Promise<PgClient> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect();
  return client;
}

/** A copy of one row of `table` (where `where`), with these columns set and every other unique text made fresh. */
async function copySql(c: PgClient, table: string, set: Record<string, string>): Promise<string> {
  const { rows } = await c.query<{ column_name: string; is_nullable: string; unique_col: boolean; data_type: string }>(
    `select a.column_name, a.is_nullable, a.data_type,
       exists (select 1 from pg_index i join pg_attribute t on t.attrelid = i.indrelid and t.attnum = i.indkey[0]
               where i.indrelid = $2::regclass and i.indisunique and i.indnkeyatts = 1 and t.attname = a.column_name) as unique_col
     from information_schema.columns a where a.table_name = $1::text and a.table_schema = 'public' and a.column_name <> 'id'
       and a.is_generated = 'NEVER' order by a.ordinal_position`,
    [table, table],
  );
  const cols = rows.map((r) => r.column_name);
  const values = rows.map((r) =>
    r.column_name in set
      ? set[r.column_name]!
      : r.unique_col
        ? r.data_type === "text"
          ? `md5(random()::text)`
          : r.is_nullable === "YES"
            ? "null"
            : `"${r.column_name}"`
        : `"${r.column_name}"`,
  );
  return `insert into ${table} (${cols.map((x) => `"${x}"`).join(", ")}) select ${values.join(", ")} from ${table}`;
}

export type LoopFigures = { bookings: number; p50: number; max: number; over1s: number; errors: number; lastError: string };

/**
 * Books every `everyMs` until stopped; each booking's time is recorded (a booking waiting for a lock
 * shows as a slow one). stop() returns the figures.
 */
export async function startBookingLoop(url: string, everyMs = 50): Promise<{ stop: () => Promise<LoopFigures> }> {
  const c = await connect(url, "bench-bookings");
  const { rows } = await c.query<{ id: number; item: number; attendee: number; mail: number; cd: number }>(`
    select o.id, i.id as item, a.id as attendee, (select max(id) from mail_outbox) as mail, i.course_date_id as cd
    from orders o join order_items i on i.order_id = o.id join order_attendees a on a.order_item_id = i.id
    where o.status = 'paid' order by o.id desc limit 1`);
  const t = rows[0]!;
  const ref = `upper(substr(md5(random()::text), 1, 8))`;
  const orderSql = `${await copySql(c, "orders", { reference: "'bench_' || md5(random()::text)", booking_ref: ref, created_at: "now()" })} where id = $1 returning id`;
  const itemSql = `${await copySql(c, "order_items", { order_id: "$2" })} where id = $1 returning id`;
  const attendeeSql = `${await copySql(c, "order_attendees", { order_id: "$2", order_item_id: "$3" })} where id = $1`;
  const mailSql = `${await copySql(c, "mail_outbox", { created_at: "now()", next_attempt_at: "now()", status: "'sent'" })} where id = $1`;
  const times: number[] = [];
  let errors = 0;
  let lastError = "";
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await c.query("begin");
        const [order] = (await c.query<{ id: number }>(orderSql, [t.id])).rows;
        const [item] = (await c.query<{ id: number }>(itemSql, [t.item, order!.id])).rows;
        await c.query(attendeeSql, [t.attendee, order!.id, item!.id]);
        await c.query(`update course_dates set updated_at = updated_at where id = $1`, [t.cd]);
        await c.query(
          `insert into activity_log (type, action, details, user_name) values ('enrollment', 'Bench booking', '', 'bench')`,
        );
        if (t.mail) await c.query(mailSql, [t.mail]);
        await c.query("commit");
      } catch (e) {
        errors++;
        lastError = e instanceof Error ? e.message : String(e);
        await c.query("rollback").catch(() => undefined);
      }
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await c.end();
      const sorted = [...times].sort((a, b) => a - b);
      return {
        bookings: times.length,
        p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
        max: sorted[sorted.length - 1] ?? 0,
        over1s: times.filter((x) => x > 1000).length,
        errors,
        lastError,
      };
    },
  };
}

/**
 * The longest transaction of the connections named `name` seen while watching (every 50 ms): a
 * lock is held until its transaction ends, so this bounds the longest lock they held.
 */
export async function watchTransactions(url: string, name: string): Promise<{ stop: () => Promise<number> }> {
  const c = await connect(url, "bench-watch");
  let longest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await c.query<{ ms: number | null }>(
        `select max(extract(epoch from clock_timestamp() - xact_start) * 1000)::float8 as ms
         from pg_stat_activity where application_name = $1 and xact_start is not null`,
        [name],
      );
      longest = Math.max(longest, Number(rows[0]?.ms ?? 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await c.end();
      return longest;
    },
  };
}
