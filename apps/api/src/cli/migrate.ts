/**
 * Applies the database migrations and exits (decision 275): `node apps/api/dist/migrate.mjs`.
 * The API does the same when it starts (under an advisory lock, before it listens); this is for
 * an operator who wants a migration's outcome on the terminal before starting or restarting it.
 * Uses DATABASE_URL (and PGPASSWORD etc.), as the API does.
 */
import { parseEnv } from "../env";
import { openDatabase } from "../db/bootstrap";

async function main() {
  const env = parseEnv();
  const database = await openDatabase(env, (m) => console.info(m));
  await database.close();
  console.info("Database migrated.");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
