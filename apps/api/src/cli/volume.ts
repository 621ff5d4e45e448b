/**
 * Builds a database of years of data (decision 460) for benchmarks and by hand:
 *
 *   pnpm --filter api exec tsx src/cli/volume.ts --scale 1 --seed 42 [--db name] [--now ISO]
 *
 * On DATABASE_URL's server: drops and creates the database (default `volume_<scale>_<seed>`),
 * migrates it, seeds the catalogue and the administrator (SEED_ADMIN_EMAIL, password
 * SEED_ADMIN_PASSWORD or the development one), then generates the volume. Prints
 * `VOLUME <url>` and the row counts.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { createDatabase, dropDatabase } from "../db/testing";
import { migrate } from "../db/migrate";
import { seed } from "../db/seed/seed";
import { generateVolume } from "../db/seed/volume";
import { DEV_ADMIN_PASSWORD, parseEnv } from "../env";

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "1" },
      seed: { type: "string", default: "42" },
      db: { type: "string" },
      now: { type: "string" },
    },
    strict: true,
  });
  const env = parseEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is required (the server to build the database on)");
  const scale = Number(values.scale);
  const seedNumber = Number(values.seed);
  if (!(scale > 0) || !Number.isInteger(seedNumber)) throw new Error("--scale must be > 0 and --seed an integer");
  const name = values.db ?? `volume_${String(scale).replace(".", "_")}_${seedNumber}`;
  const now = values.now ? new Date(values.now) : new Date(new Date().toISOString().slice(0, 10) + "T12:00:00Z");
  const started = Date.now();
  await dropDatabase(env.DATABASE_URL, name);
  const url = await createDatabase(env.DATABASE_URL, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(pool);
    await seed(pool, {
      admin: { email: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD },
      now,
    });
    const counts = await generateVolume(pool, { scale, seed: seedNumber, now, log: (m) => console.info(`  ${m}`) });
    console.info(`VOLUME ${url}`);
    for (const [table, n] of Object.entries(counts)) console.info(`  ${table.padEnd(18)} ${n.toLocaleString("en-GB")}`);
    console.info(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await pool.end();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
