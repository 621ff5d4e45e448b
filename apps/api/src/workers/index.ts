import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import { runOrderExpiry } from "./order-expiry";
import { sendDueMail } from "./mail-sender";
import { JOB_QUEUE_SCHEMA, poolAdapter } from "./queue";
import { releaseUnsessionedHolds } from "../modules/orders";
import { runScheduledMail, type ScheduledMailRun } from "../modules/scheduled-mail";
import { purgeExpiredLearnerRecords } from "../modules/learners";
import { purgeOldRecords } from "../modules/privacy";
import { activeHold } from "../modules/ops";
import {
  runBalanceReminders,
  runOverdueBalances,
  runSavedCardCharges,
  type OverdueRun,
  type SavedCardRun,
} from "../modules/orders";

declare module "fastify" {
  interface FastifyInstance {
    workers: {
      /** One full run of the order-expiry job (tests call it directly). */
      expireOrders: () => Promise<number>;
      /** One run of the mail sender: every due mail, batch by batch. */
      sendMail: () => Promise<{ sent: number; failed: number }>;
      /** Ask the mail sender to run soon (after a transaction that queued mail). */
      kickMail: () => void;
      /** Plans course and renewal reminders and queues the due ones at `now` (default: the app's clock). */
      runDue: (now?: Date) => Promise<ScheduledMailRun>;
      /** The job queue while WORKERS_ENABLED (null otherwise; tests call the functions above). */
      queue: PgBoss | null;
      /** One run of the learner-record retention (issue 14): forms and evidence 3 years after the course. */
      purgeLearnerRecords: () => Promise<number>;
      /** One run of the outbox and activity-log retention (decision 310). */
      purgeOldRecords: () => Promise<{ mails: number; activity: number }>;
      /** Whether mail and jobs are held after a restore (decision 302). */
      held: () => Promise<boolean>;
      /** One run of the overdue-balance job at `now` (default: the app's clock): alerts, releases, offers the freed places. */
      runOverdue: (now?: Date) => Promise<OverdueRun>;
      /**
       * One run of the balance-due job at `now` (default: the app's clock): saved cards charged for
       * the instalments and balances due, then the balance reminders (decisions 470, 471).
       */
      runBalanceDue: (now?: Date) => Promise<{ charges: SavedCardRun; reminded: number[] }>;
      /** Starts the job queue after a release (a no-op when it runs already or workers are off). */
      resume: () => Promise<void>;
    };
  }
}

/** The queue's jobs (pg-boss queue names) and when each runs; cron is per minute at most. */
export const JOBS = {
  orderExpiry: { name: "order-expiry", cron: "* * * * *" },
  sendMail: { name: "send-mail", cron: "* * * * *" },
  scheduledMail: { name: "scheduled-mail", cron: "*/5 * * * *" },
  // Learner-record retention works in days (issue 14): once a night is plenty. The outbox and
  // activity-log retention (decision 310) runs with it.
  learnerRetention: { name: "learner-retention", cron: "30 3 * * *" },
  // Waiting lists (issue 15): offers that ran out pass on, freed places are offered, each minute
  // (cancels, expiry and capacity changes also offer at once; this catches every other path).
  waitlistOffers: { name: "waitlist-offers", cron: "* * * * *" },
  // Operations alerts (decision 296): each condition judged every minute.
  opsAlerts: { name: "ops-alerts", cron: "* * * * *" },
  // Balances past their due day (deposits): a day's matter, checked each morning before the office opens.
  overdueBalances: { name: "overdue-balances", cron: "0 7 * * *" },
  // Saved cards charged on their day, then the balance reminders: after the overdue run, in office hours.
  balanceDue: { name: "balance-due", cron: "0 8 * * *" },
} as const;

/**
 * A job at most once queued and once running across every instance ('stately'), retried 5 times
 * with exponential backoff from 15 s when its handler throws; a run stuck past 15 minutes expires.
 */
/** How often a held instance checks whether the hold was released elsewhere. */
const HOLD_POLL_MS = 3_000;

const QUEUE_OPTIONS = { policy: "stately", retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

export type WorkerOptions = {
  /** How often each instance asks the queue for work (seconds, ≥ 0.5; default 2). Tests shorten it. */
  pollingIntervalSeconds?: number;
};

/**
 * Background jobs on the Postgres job queue (decision 220): order expiry, the mail outbox sender
 * and scheduled mail (reminders, renewals). The jobs only call plain functions, which tests call
 * directly with their own clock. Started only when WORKERS_ENABLED.
 */
export default fp(
  async (app, opts: WorkerOptions) => {
    const held = async () => (await activeHold(app.db)) !== null;
    const sendMail = async () => {
      // After a restore nothing leaves until a person releases it (decision 302).
      if (await held()) return { sent: 0, failed: 0 };
      let sent = 0;
      let failed = 0;
      // Outside any request: the run's own id ties its lines together (decision 267).
      const log = app.log.child({ reqId: `job-mail-${randomUUID()}` });
      for (;;) {
        const r = await sendDueMail(app.db, app.mail.transport, {
          now: app.now(),
          from: app.mail.from,
          batch: 20,
          log,
          sentLog: app.env.MAIL_SENT_LOG,
        });
        sent += r.sent;
        failed += r.failed;
        if (r.sent + r.failed < 20) return { sent, failed };
      }
    };
    const expireOrders = async () => {
      const released =
        (await runOrderExpiry(app.db, app.now())) +
        (await releaseUnsessionedHolds(app.db, app.now(), app.env.UNSESSIONED_HOLD_MINUTES));
      // Places released by holds that ran out go to the waiting lists first (issue 15).
      if (released > 0) await app.waitlist.placesMayHaveFreed();
      return released;
    };
    const runDue = (now?: Date) => runScheduledMail(app.db, app.env, app.mail.settings, now ?? app.now());
    const purgeLearnerRecords = () => purgeExpiredLearnerRecords(app.db, app.now());
    const purgeOld = () => purgeOldRecords(app.db, app.now());
    // Waiting lists (issue 15): offers that ran out pass on; places freed by any path are offered.
    const offerFreedPlaces = () => app.waitlist.offerFreedPlaces();
    const runOverdue = async (now?: Date) => {
      const run = await runOverdueBalances(app.db, app.mail.settings, now ?? app.now());
      // Released places go to the waiting lists first (as every other freed place).
      if (run.freedDateIds.length) await app.waitlist.placesMayHaveFreed(run.freedDateIds);
      return run;
    };
    const runBalanceDue = async (now?: Date) => {
      const at = now ?? app.now();
      // Charges first: a card that fails sends the link, which the day's reminder then does not repeat.
      const charges = await runSavedCardCharges(app.db, app.payments, app.mail.settings, at);
      const reminded = await runBalanceReminders(app.db, app.mail.settings, at);
      return { charges, reminded };
    };
    const enabled = app.env.WORKERS_ENABLED;
    const queue = enabled
      ? new PgBoss({
          db: poolAdapter(app.pool),
          schema: JOB_QUEUE_SCHEMA,
          // Old jobs go after a week; the outbox and scheduled_mails keep the mail history.
          deleteAfterDays: 7,
        })
      : null;
    let started = false;
    let closing = false;
    let holdPoll: NodeJS.Timeout | null = null;
    const kickMail = () => {
      // Not started: workers off, or held after a restore (decision 302).
      if (!queue || !started) return;
      // Stately queue: while a run is already queued this adds nothing.
      queue.send(JOBS.sendMail.name, {}).catch((err: unknown) => app.log.error({ err }, "could not queue the mail sender"));
    };

    const resume = async () => {
      if (!queue || started || closing) return;
      started = true;
      if (holdPoll) clearInterval(holdPoll);
      await startQueue(queue);
    };
    app.decorate("workers", {
      expireOrders,
      sendMail,
      kickMail,
      runDue,
      purgeLearnerRecords,
      purgeOldRecords: purgeOld,
      queue,
      held,
      resume,
      runOverdue,
      runBalanceDue,
    });
    if (!queue) return;

    queue.on("error", (err) => app.log.error({ err }, "job queue error"));
    const handlers: Record<string, () => Promise<unknown>> = {
      [JOBS.orderExpiry.name]: expireOrders,
      [JOBS.sendMail.name]: sendMail,
      [JOBS.scheduledMail.name]: async () => {
        const run = await runDue();
        if (run.queued) kickMail();
        return run;
      },
      [JOBS.learnerRetention.name]: async () => ({ learners: await purgeLearnerRecords(), ...(await purgeOld()) }),
      [JOBS.waitlistOffers.name]: offerFreedPlaces,
      [JOBS.overdueBalances.name]: async () => {
        const run = await runOverdue();
        if (run.alerted.length || run.released.length) kickMail();
        return run;
      },
      [JOBS.balanceDue.name]: async () => {
        const run = await runBalanceDue();
        if (run.reminded.length || run.charges.fellBack.length) kickMail();
        // The queue's retries (with backoff) ask again; the idempotency keys make a repeat the same charge.
        if (run.charges.unreachable.length)
          throw new Error(`the payment provider could not be asked about ${run.charges.unreachable.length} saved-card charges`);
        return run;
      },
      [JOBS.opsAlerts.name]: async () => {
        const run = await app.ops.evaluateAlerts();
        // An alert's mail goes out at once rather than at the sender's next minute.
        if (run.opened.length || run.recovered.length) kickMail();
        return run;
      },
    };
    const startQueue = async (queue: PgBoss) => {
      await queue.start();
      for (const job of Object.values(JOBS)) {
        await queue.createQueue(job.name, { name: job.name, ...QUEUE_OPTIONS });
        // Stored in Postgres: every instance reads the same schedule, and pg-boss sends each
        // minute's job once whichever instance sees it first.
        await queue.schedule(job.name, job.cron, {}, { tz: "Europe/London" });
        const handler = handlers[job.name]!;
        await queue.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
          // A fetch already on the wire when the app began closing can still hand over a job;
          // its run would find the pool ended. Every job here is a periodic sweep: the next
          // minute's run (on any instance) does the work.
          if (closing) return null;
          try {
            return await handler();
          } catch (err) {
            app.log
              .child({ reqId: `job-${job.name}-${randomUUID()}` })
              .error({ err, job: job.name }, `${job.name} failed; the queue retries it`);
            throw err;
          }
        });
      }
      // A start (or restart) catches up at once instead of waiting for the next minute.
      for (const job of Object.values(JOBS)) await queue.send(job.name, {});
    };
    app.addHook("onReady", async () => {
      if (!(await held())) return resume();
      // Held after a restore: the queue starts when a person releases it, here (the release
      // route calls resume) or on another instance, which this one notices within seconds.
      app.log.warn("mail and jobs are held after a restore: release them on the status page");
      holdPoll = setInterval(() => {
        held()
          .then((still) => (still ? undefined : resume()))
          .catch((err: unknown) => app.log.error({ err }, "could not check or lift the outgoing hold"));
      }, HOLD_POLL_MS);
      holdPoll.unref();
    });
    app.addHook("onClose", async () => {
      closing = true;
      if (holdPoll) clearInterval(holdPoll);
      if (!started) return;
      // Lets a running job finish before the pool is ended under it.
      await queue.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    });
  },
  { name: "workers", dependencies: ["db", "mail", "waitlist", "ops", "payments"] },
);
