import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app";
import { createPool, dbTimeoutsOf, withDatabase } from "../src/db/client";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { parseEnv } from "../src/env";
import { DB_UNAVAILABLE_MESSAGE } from "../src/plugins/errors";

/**
 * A stalled database (issue 11, decision 103): a TCP proxy of our own between the API and
 * Postgres stops forwarding, as a paused postmaster would (the shared server is never touched).
 */
function stallableProxy(target: { host: string; port: number }) {
  let stalled = false;
  const pairs: { queues: [Buffer[], Buffer[]]; sockets: [net.Socket, net.Socket] }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { queues: [[], []] as [Buffer[], Buffer[]], sockets: [client, upstream] as [net.Socket, net.Socket] };
    pairs.push(pair);
    const forward = (from: net.Socket, to: net.Socket, queue: Buffer[]) =>
      from.on("data", (chunk: Buffer) => (stalled ? queue.push(chunk) : to.write(chunk)));
    forward(client, upstream, pair.queues[0]);
    forward(upstream, client, pair.queues[1]);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    stall: () => (stalled = true),
    resume: () => {
      stalled = false;
      for (const p of pairs) {
        for (const chunk of p.queues[0].splice(0)) p.sockets[1].write(chunk);
        for (const chunk of p.queues[1].splice(0)) p.sockets[0].write(chunk);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of pairs) p.sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

let app: FastifyInstance;
let pool: pg.Pool;
let proxy: ReturnType<typeof stallableProxy>;
let dbName: string;
const logs: string[] = [];

beforeAll(async () => {
  const serverUrl = inject("serverUrl");
  dbName = uniqueName("api_stall");
  await createDatabase(serverUrl, dbName, inject("seededTemplate"));
  const direct = new URL(serverUrl);
  proxy = stallableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const port = await proxy.listen();
  const viaProxy = new URL(withDatabase(serverUrl, dbName));
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(port);
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATABASE_URL: viaProxy.toString(),
    DB_CONNECT_TIMEOUT_MS: "700",
    DB_STATEMENT_TIMEOUT_MS: "800",
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "2000",
  });
  pool = createPool(env.DATABASE_URL!, 4, dbTimeoutsOf(env));
  app = await buildApp({ env, pool, logStream: { write: (line) => logs.push(line) } });
  await app.ready();
});
afterAll(async () => {
  proxy.resume();
  await app.close();
  await pool.end().catch(() => undefined);
  await proxy.close();
  await dropDatabase(inject("serverUrl"), dbName);
});

const timed = async (url: string) => {
  const started = performance.now();
  const res = await app.inject({ method: "GET", url });
  return { res, ms: performance.now() - started };
};

describe("a stalled database", () => {
  it("/api/ready answers 503 within 2 s, requests fail fast with a clear 503, and both recover without a restart", async () => {
    expect((await timed("/api/ready")).res.statusCode).toBe(200);
    expect((await timed("/api/discounts/validate/NOPE")).res.statusCode).toBe(200);

    proxy.stall();
    const ready = await timed("/api/ready");
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.json()).toEqual({ message: "Database not reachable" });
    expect(ready.ms).toBeLessThan(2000);

    // A route that needs the database: a clear 503 in the error shape, not a hang or a 500.
    const call = await timed("/api/discounts/validate/NOPE");
    expect(call.res.statusCode).toBe(503);
    expect(call.res.json()).toEqual({ message: DB_UNAVAILABLE_MESSAGE });
    expect(call.res.headers["retry-after"]).toBe("5");
    // New connections cannot start either: still a 503, not a hang.
    const again = await Promise.all([
      timed("/api/discounts/validate/A"),
      timed("/api/discounts/validate/B"),
      timed("/api/ready"),
    ]);
    expect(again.map((r) => r.res.statusCode)).toEqual([503, 503, 503]);

    proxy.resume();
    let readyAgain = 0;
    for (let i = 0; i < 20 && readyAgain !== 200; i++) {
      readyAgain = (await timed("/api/ready")).res.statusCode;
      if (readyAgain !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(readyAgain).toBe(200);
    expect((await timed("/api/discounts/validate/NOPE")).res.statusCode).toBe(200);
    expect(logs.join("\n")).toMatch(/database unavailable/);
  }, 30_000);
});
