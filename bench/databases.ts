/** Throwaway copies of databases for the benches that write (decisions 460, 562). */
import { execFileSync } from "node:child_process";

/**
 * A throwaway copy of the database at `source` named `copy` (`CREATE DATABASE … TEMPLATE`, retried
 * while another session is connected to the template); `drop` removes the copy.
 */
export async function copyOfDatabase(
  source: string,
  copy = `${new URL(source).pathname.slice(1)}_copy_${process.pid}`,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = new URL(source).pathname.slice(1);
  const admin = new URL(source);
  admin.pathname = "/postgres";
  const psql = (sqlText: string) =>
    execFileSync("psql", [admin.toString(), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sqlText], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      psql(`create database "${copy}" template "${name}"`);
      break;
    } catch (e) {
      if (attempt >= 60) throw e;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  console.error(`[bench] copy ${copy} of ${name} made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const url = new URL(source);
  url.pathname = `/${copy}`;
  return { url: url.toString(), name: copy, drop: async () => void psql(`drop database if exists "${copy}" with (force)`) };
}

/**
 * BENCH_VOLUME_DB=<url of a years-of-data database> (decision 460): a bench that writes (orders)
 * runs on a throwaway copy of it, so the shared database is never changed. Null without
 * BENCH_VOLUME_DB (the bench's fresh small database).
 */
export async function volumeCopy(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const source = process.env.BENCH_VOLUME_DB;
  return source ? copyOfDatabase(source) : null;
}
