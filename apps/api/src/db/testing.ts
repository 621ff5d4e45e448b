/**
 * Throwaway databases for tests and the browser-test server: one migrated (and optionally
 * seeded) template, cloned per test worker with CREATE DATABASE … TEMPLATE (milliseconds).
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import pg from "pg";
import { createPool, quoteIdent, withDatabase } from "./client";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded";
import { migrate } from "./migrate";

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The server to make databases on: DATABASE_URL's, else a fresh embedded one on a free port. */
export async function startTestServer(
  databaseUrl: string | undefined,
): Promise<{ url: string; embedded: EmbeddedServer | null }> {
  if (databaseUrl) return { url: databaseUrl, embedded: null };
  const port = await freePort();
  const dir = path.join(os.tmpdir(), uniqueName("api-pg"));
  const embedded = await startEmbeddedPostgres({ dir, port, persistent: false });
  return { url: embedded.url, embedded };
}

async function admin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await admin(serverUrl, (c) =>
    c.query(`create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ""}`),
  );
  return withDatabase(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`drop database if exists ${quoteIdent(name)} with (force)`));
}

/** Creates and migrates a database, runs `fill` on it, then closes every connection (a template must be idle). */
export async function prepareTemplate(serverUrl: string, name: string, fill?: (pool: pg.Pool) => Promise<void>): Promise<void> {
  const url = await createDatabase(serverUrl, name);
  const pool = createPool(url, 4);
  try {
    await migrate(pool);
    if (fill) await fill(pool);
  } finally {
    await pool.end();
  }
}
