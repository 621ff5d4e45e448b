import fp from "fastify-plugin";
import type { FastifyBaseLogger } from "fastify";
import { runOrderExpiry } from "./order-expiry";
import { sendDueMail } from "./mail-sender";
import { releaseUnsessionedHolds } from "../modules/orders/unsessioned";

declare module "fastify" {
  interface FastifyInstance {
    workers: {
      /** One full run of the order-expiry job (tests call it directly). */
      expireOrders: () => Promise<number>;
      /** One run of the mail sender: every due mail, batch by batch. */
      sendMail: () => Promise<{ sent: number; failed: number }>;
      /** Ask the mail sender to run soon (after a transaction that queued mail). */
      kickMail: () => void;
    };
  }
}

/**
 * A job on an interval that never overlaps itself, logs its failures and stops with the app
 * (close waits for a run in progress, so the pool is not ended under it).
 */
function periodic(name: string, everyMs: number, run: () => Promise<unknown>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .then(() => undefined)
      .catch((err) => log.error({ err, job: name }, `${name} failed`))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          setImmediate(tick);
        }
      });
  };
  return {
    start() {
      timer = setInterval(tick, everyMs);
      timer.unref();
      setImmediate(tick);
    },
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** Background jobs: order expiry and the mail outbox sender. Started only when WORKERS_ENABLED. */
export default fp(
  async (app) => {
    const sendMail = async () => {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const r = await sendDueMail(app.db, app.mail.transport, { now: app.now(), from: app.mail.from, batch: 20, log: app.log });
        sent += r.sent;
        failed += r.failed;
        if (r.sent + r.failed < 20) return { sent, failed };
      }
    };
    const expireOrders = async () => {
      const released = (await runOrderExpiry(app.db, app.now())) + (await releaseUnsessionedHolds(app.db, app.now(), app.env.UNSESSIONED_HOLD_MINUTES));
      // Places released by holds that ran out go to the waiting lists first (issue 15).
      if (released > 0) await app.waitlist.placesMayHaveFreed();
      return released;
    };

    const expiryJob = periodic("order-expiry", app.env.ORDER_EXPIRY_INTERVAL_SECONDS * 1000, expireOrders, app.log);
    const mailJob = periodic("mail-sender", app.env.MAIL_SEND_INTERVAL_SECONDS * 1000, sendMail, app.log);
    // Waiting lists (issue 15): offers that ran out pass on; places freed by any path are offered.
    const waitlistJob = periodic("waitlist-offers", app.env.WAITLIST_OFFER_INTERVAL_SECONDS * 1000, () => app.waitlist.offerFreedPlaces(), app.log);
    const enabled = app.env.WORKERS_ENABLED;

    app.decorate("workers", { expireOrders, sendMail, kickMail: () => (enabled ? mailJob.tick() : undefined) });
    if (enabled) {
      app.addHook("onReady", async () => {
        expiryJob.start();
        mailJob.start();
        waitlistJob.start();
      });
      app.addHook("onClose", async () => {
        await Promise.all([expiryJob.stop(), mailJob.stop(), waitlistJob.stop()]);
      });
    }
  },
  { name: "workers", dependencies: ["db", "mail", "waitlist"] },
);
