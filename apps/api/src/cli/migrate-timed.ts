/**
 * Applies the migrations as the API's start does (`migrate()`: drizzle's pending migrations in one
 * transaction, the job queue's schema, the online indexes, what follows them), printing every
 * statement it sends with its times, for the migrations bench (bench/migrations.ts):
 *
 *   STMT <start, epoch ms> <ms> <ok|error> <the statement as JSON>
 *   MIGRATED <ms>          (or, when a statement failed: FAILED <ms> <the error as JSON>)
 *
 *   pnpm --filter api exec tsx src/cli/migrate-timed.ts --database <url>
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { migrate } from "../db/migrate";

const TIMED = Symbol("timed");

/** Wraps a client's (or the pool's) promise `query` to print each statement with its times. */
function timed<T extends { query: (...args: never[]) => unknown }>(target: T): T {
  const marked = target as T & { [TIMED]?: true };
  if (marked[TIMED]) return target;
  marked[TIMED] = true;
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    const started = Date.now();
    const result = original(...args);
    const print = (outcome: string) =>
      console.info(`STMT ${started} ${Date.now() - started} ${outcome} ${JSON.stringify(text.slice(0, 2000))}`);
    if (result && typeof (result as Promise<unknown>).then === "function")
      (result as Promise<unknown>).then(
        () => print("ok"),
        (e: unknown) => print(`error:${String((e as { code?: string }).code ?? "?")}`),
      );
    return result;
  };
  return target;
}

async function main() {
  const { values } = parseArgs({ options: { database: { type: "string" } }, strict: true });
  if (!values.database) throw new Error("--database <url> is required");
  const pool = timed(new pg.Pool({ connectionString: values.database, max: 2 }));
  // Both forms: `migrate()` awaits connect(); the pool's own query() passes a callback.
  const connect = pool.connect.bind(pool) as (
    cb?: (err: Error | undefined, c?: pg.PoolClient, done?: unknown) => void,
  ) => unknown;
  (pool as { connect: unknown }).connect = (cb?: (err: Error | undefined, c?: pg.PoolClient, done?: unknown) => void) =>
    cb ? connect((err, c, done) => cb(err, c ? timed(c) : c, done)) : (connect() as Promise<pg.PoolClient>).then((c) => timed(c));
  const started = Date.now();
  try {
    await migrate(pool);
    console.info(`MIGRATED ${Date.now() - started}`);
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause ?? e;
    console.info(`FAILED ${Date.now() - started} ${JSON.stringify(cause instanceof Error ? cause.message : String(cause))}`);
    process.exitCode = 1;
  } finally {
    await pool.end();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
