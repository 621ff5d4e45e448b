import { buildApp } from "./app";
import { parseEnv } from "./env";
import { openDatabase } from "./db/bootstrap";
import { seedIfEmpty } from "./db/seed/seed";

async function main() {
  const env = parseEnv();
  const log = (msg: string) => console.info(`[api] ${msg}`);
  const database = await openDatabase(env, log);
  if (env.SEED_ON_START) await seedIfEmpty(database.pool, env, log);
  const app = await buildApp({ env, pool: database.pool, ownsPool: false });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Stop taking requests, let running ones finish, then release the database.
    await app.close().catch((err) => app.log.error({ err }, "error while closing"));
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
