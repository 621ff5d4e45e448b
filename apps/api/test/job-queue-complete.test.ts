/**
 * A job whose completion cannot be written (decision 521): pg-boss 10 wrote a job's completion
 * without awaiting it, so when the pool could not give a connection in time (a busy database) or
 * had ended (shutdown), the rejection was unhandled and Node stopped the whole API. Patched
 * (patches/pg-boss@10.4.2.patch): the failure reaches the queue's 'error' event, the process goes
 * on, and the job is retried (here the stop hands it back at once; after a lost connection it
 * expires into a retry, as after a crash). Vitest fails a run
 * on any unhandled rejection, so this file fails on the unpatched queue.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import PgBoss from "pg-boss";
import { createPool } from "../src/db/client";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { JOB_QUEUE_SCHEMA, installJobQueue, poolAdapter } from "../src/workers/queue";

let url: string;
const dbName = uniqueName("api_queue_complete");

beforeAll(async () => {
  url = await createDatabase(inject("serverUrl"), dbName, inject("emptyTemplate"));
});
afterAll(async () => dropDatabase(inject("serverUrl"), dbName));

describe("a job's completion that cannot be written", () => {
  it("is reported as a queue error, not an unhandled rejection, and the job stays to be retried", async () => {
    const pool = createPool(url, 2);
    await installJobQueue(pool);
    const boss = new PgBoss({
      db: poolAdapter(pool),
      schema: JOB_QUEUE_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    const errors: string[] = [];
    boss.on("error", (err: Error) => errors.push(err.message));
    await boss.start();
    await boss.createQueue("completion-check");
    const id = await boss.send("completion-check", {});
    let finish: () => void = () => undefined;
    const running = new Promise<void>((started) => {
      void boss.work("completion-check", { pollingIntervalSeconds: 0.5 }, async () => {
        started();
        await new Promise<void>((r) => (finish = r));
      });
    });
    await running;
    // The pool goes away while the job runs: its completion cannot be written.
    await boss.stop({ graceful: false, wait: false, close: false });
    await pool.end();
    finish();
    await expect.poll(() => errors, { timeout: 5_000 }).toContainEqual(expect.stringMatching(/pool/i));

    // The job was not completed (the stop handed it back for a retry): another pool sees it so.
    const check = createPool(url, 1);
    try {
      const { rows } = await check.query<{ state: string }>(`select state::text from ${JOB_QUEUE_SCHEMA}.job where id = $1`, [
        id,
      ]);
      expect(rows[0]?.state).toBe("retry");
    } finally {
      await check.end();
    }
  });
});
