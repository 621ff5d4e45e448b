import pg from "pg";
import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

// Postgres `date` columns stay 'YYYY-MM-DD' strings (no time-zone shifting through JS Dates);
// bigint counts fit in a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** How long the database may take (decision 103): a stalled server must not hang requests. */
export type DbTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 3000, statementMs: 5000, idleInTransactionMs: 15_000 };

/** DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (env.ts). */
export const dbTimeoutsOf = (env: {
  DB_CONNECT_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}): DbTimeouts => ({
  connectMs: env.DB_CONNECT_TIMEOUT_MS,
  statementMs: env.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});

export function createPool(connectionString: string, max = 10, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    // Connecting (TCP and start-up) gives up after connectMs instead of waiting for ever.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement running longer, and ends a session left idle in a transaction
    // (a crashed or stuck caller holding row locks)...
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // ...and the client stops waiting when the server does not answer at all (paused, network gone):
    // the query fails, pool.query drops that connection, and the next one is made afresh.
    query_timeout: timeouts.statementMs + 1000,
    // No JIT compilation (decision 461): on years of data the planner's estimates cross the JIT
    // threshold for the office's lists, and compiling cost ~1 s per query where running cost 0.2 s.
    options: "-c jit=off",
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement: each pooled connection parses and plans it
 * once instead of on every call. For the few hot statements only (POST /enroll, decision 080);
 * `name` must always come with the same SQL text (values go in parameters).
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // drizzle(pool) keeps the pool as $client (not in NodePgDatabase's type).
  const client = (db as Db & { $client: pg.Pool | pg.PoolClient }).$client;
  try {
    const result = await client.query<T>({ name, text, values: params });
    return result.rows;
  } catch (error) {
    // Like Drizzle's query errors: the failed statement goes with the error (its values do not;
    // the log scrubber keeps SQL text and drops parameters, decision 106).
    if (error && typeof error === "object") Object.assign(error, { query: text });
    throw error;
  }
}

/** Same server, another database (used to create and drop throwaway databases). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
