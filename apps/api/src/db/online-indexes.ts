/**
 * Online indexes (decision 463): the statements of drizzle/online/*.sql, run one by one outside
 * any transaction after drizzle's migrations (CREATE INDEX CONCURRENTLY cannot run inside one, and
 * drizzle's migrator runs every pending migration in a single transaction). Each statement must
 * be `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS "name" …` (checked here and by the
 * migration linter, .squawk-online.toml): a start after the first finds them all and does nothing.
 * An index left invalid by a build that failed or was interrupted is dropped and built again.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

const STATEMENT = /^CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS "([a-z0-9_]+)" ON /;
/** The session settings a file may set for its builds (the linter asks for both). */
const SETTING = /^SET (?:lock_timeout|statement_timeout) = (?:'\w+'|0);$/;

/** An index to build, or (name null) a session setting for the builds after it. */
export type OnlineIndex = { file: string; name: string | null; sql: string };

/** The statements of every file in `folder`, in file order (comments dropped). */
export function readOnlineIndexes(folder: string): OnlineIndex[] {
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort();
  } catch {
    return [];
  }
  return files.flatMap((file) =>
    readFileSync(path.join(folder, file), "utf8")
      .split("--> statement-breakpoint")
      .map((part) =>
        part
          .split("\n")
          .filter((line) => !line.trim().startsWith("--"))
          .join("\n")
          .trim(),
      )
      .filter(Boolean)
      .map((sql) => {
        if (SETTING.test(sql)) return { file, name: null, sql };
        const m = STATEMENT.exec(sql);
        if (!m)
          throw new Error(
            `${file}: only CREATE INDEX CONCURRENTLY IF NOT EXISTS "name" ON … may run online: ${sql.slice(0, 80)}`,
          );
        return { file, name: m[1]!, sql };
      }),
  );
}

/**
 * Builds the indexes that are missing or invalid. A build that fails (its lock not granted within
 * the file's lock_timeout, say) is reported and left for the next start: the app works without
 * the index, only slower, and must not stay down for it.
 */
export async function applyOnlineIndexes(
  client: pg.PoolClient,
  folder: string,
): Promise<{ built: string[]; failed: { name: string; error: string }[] }> {
  const built: string[] = [];
  const failed: { name: string; error: string }[] = [];
  for (const index of readOnlineIndexes(folder)) {
    if (index.name === null) {
      await client.query(index.sql);
      continue;
    }
    const { rows } = await client.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
      [index.name],
    );
    if (rows[0]?.valid) continue;
    try {
      if (rows[0]) await client.query(`drop index concurrently if exists "${index.name}"`);
      await client.query(index.sql);
      built.push(index.name);
    } catch (e) {
      failed.push({ name: index.name, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return { built, failed };
}
