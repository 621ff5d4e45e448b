import type pg from "pg";
import type { Env } from "../env";
import { createPool, dbTimeoutsOf, withDatabase } from "./client";
import { embeddedUrl, ensureDatabase, isReachable, startEmbeddedPostgres, type EmbeddedServer } from "./embedded";
import { migrate } from "./migrate";

export type Database = { url: string; pool: pg.Pool; embedded: EmbeddedServer | null; close: () => Promise<void> };

export const EMBEDDED_DATABASE = "app";

/**
 * The database the API runs on: `DATABASE_URL` when set, else the embedded server in
 * EMBEDDED_PG_DIR on EMBEDDED_PG_PORT. Migrated before it is handed out.
 */
export async function openDatabase(env: Env, log: (msg: string) => void): Promise<Database> {
  let embedded: EmbeddedServer | null = null;
  let url: string;
  if (env.DATABASE_URL) {
    url = env.DATABASE_URL;
  } else {
    const serverUrl = embeddedUrl(env.EMBEDDED_PG_PORT);
    if (await isReachable(serverUrl)) {
      // Already running (the API in another terminal, or left over from a crashed run): share it.
      log(`using the embedded Postgres already running on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
    } else {
      embedded = await startEmbeddedPostgres({ dir: env.EMBEDDED_PG_DIR, port: env.EMBEDDED_PG_PORT, log });
      log(`embedded Postgres on 127.0.0.1:${env.EMBEDDED_PG_PORT} (data in ${env.EMBEDDED_PG_DIR})`);
    }
    await ensureDatabase(serverUrl, EMBEDDED_DATABASE);
    url = withDatabase(serverUrl, EMBEDDED_DATABASE);
  }
  const pool = createPool(url, env.DB_POOL_SIZE, dbTimeoutsOf(env));
  try {
    await migrate(pool);
  } catch (e) {
    await pool.end();
    await embedded?.stop();
    throw e;
  }
  return {
    url,
    pool,
    embedded,
    close: async () => {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
