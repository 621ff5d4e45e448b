import fp from "fastify-plugin";
import type pg from "pg";
import { createDb, type Db } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    pool: pg.Pool;
    db: Db;
    /** The clock every time-based rule uses (injectable in tests). */
    now: () => Date;
  }
}

export default fp(
  async (app, opts: { pool: pg.Pool; now: () => Date; ownsPool: boolean }) => {
    app.decorate("pool", opts.pool);
    app.decorate("db", createDb(opts.pool));
    app.decorate("now", opts.now);
    if (opts.ownsPool) app.addHook("onClose", async () => opts.pool.end());
  },
  { name: "db" },
);
