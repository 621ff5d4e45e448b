/**
 * Seeds an empty database (DATABASE_URL, or the embedded one): catalogue, discount codes,
 * sample data and the development administrator (SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD).
 */
import { parseEnv } from "../env";
import { openDatabase } from "../db/bootstrap";
import { seedIfEmpty } from "../db/seed/seed";

async function main() {
  const env = parseEnv();
  const log = (m: string) => console.info(m);
  const database = await openDatabase(env, log);
  try {
    if (!(await seedIfEmpty(database.pool, env, log))) log("The database already has data: nothing seeded.");
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
