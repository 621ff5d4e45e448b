import type pg from "pg";
import { sql } from "drizzle-orm";
import { createDb } from "../client";
import { DEV_ADMIN_PASSWORD, type Env } from "../../env";
import { upsertUser } from "../../modules/auth";
import { seedCatalogue } from "./catalogue";
import { seedActivity } from "./activity";
import { seedPractice } from "./study";

export type SeedOptions = {
  /** Absent: no administrator (production creates one with admin:create). */
  admin?: { email: string; password: string; name?: string };
  now?: Date;
  /** Sample messages, orders and activity (for the dashboard); off for a bare catalogue. */
  samples?: boolean;
};

/** Seeds catalogue, discount codes, samples and the administrator into an empty, migrated database. */
export async function seed(pool: pg.Pool, opts: SeedOptions): Promise<void> {
  const db = createDb(pool);
  const now = opts.now ?? new Date();
  const admin = opts.admin
    ? await upsertUser(db, {
        email: opts.admin.email,
        name: opts.admin.name ?? "Site Administrator",
        password: opts.admin.password,
        isAdmin: true,
      })
    : null;
  const catalogue = await seedCatalogue(db, now);
  const doorSupervisor = catalogue.courses.get("ds");
  if (doorSupervisor) await seedPractice(db, doorSupervisor.id, now);
  if (opts.samples !== false) await seedActivity(db, catalogue, admin?.id ?? null, now);
}

export async function isEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await createDb(pool).execute<{ n: number }>(
    sql`select (select count(*) from users) + (select count(*) from courses) as n`,
  );
  return Number(rows[0]?.n ?? 0) === 0;
}

/** First start of a development database: seed it and print the admin credentials once. */
export async function seedIfEmpty(pool: pg.Pool, env: Env, log: (msg: string) => void): Promise<boolean> {
  if (!(await isEmpty(pool))) return false;
  if (env.production && !env.SEED_ADMIN_PASSWORD) {
    log("empty database: seeding the catalogue only (no administrator in production: use admin:create)");
    await seed(pool, { samples: false });
    return true;
  }
  const password = env.SEED_ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  log("empty database: seeding catalogue, discount codes and sample data…");
  await seed(pool, { admin: { email: env.SEED_ADMIN_EMAIL, password } });
  log("──────────────────────────────────────────────");
  log("Development administrator (shown once):");
  log(`  e-mail:   ${env.SEED_ADMIN_EMAIL}`);
  log(`  password: ${password}`);
  log("──────────────────────────────────────────────");
  return true;
}
