import { buildApp } from "./app";
import { parseEnv } from "./env";
import { openDatabase } from "./db/bootstrap";
import { seedIfEmpty } from "./db/seed/seed";

/** SIGTERM: how long running requests get before their connections are cut (decision 275). */
const SHUTDOWN_GRACE_MS = 8_000;

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
    // Within 10 s of SIGTERM (Docker's stop timeout; systemd waits 15): whatever still runs
    // after SHUTDOWN_GRACE_MS loses its connection, and the process ends regardless.
    const cut = setTimeout(() => {
      app.log.error("requests still running after the grace period: closing their connections");
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const bail = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1_500);
    cut.unref();
    bail.unref();
    // Fastify closes idle keep-alive connections once, when closing starts; a connection whose
    // request finishes afterwards would keep the server open until its keep-alive timeout (72 s),
    // so idle ones are closed as they appear.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    // Stop taking requests, let running ones finish, then release the database.
    await app.close().catch((err) => app.log.error({ err }, "error while closing"));
    clearInterval(sweep);
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
