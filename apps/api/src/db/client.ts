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

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
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
  const result = await client.query<T>({ name, text, values: params });
  return result.rows;
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
