import { initServer } from "@ts-rest/fastify";
import { sql } from "drizzle-orm";
import { contract, SCHEDULED_MAIL_KIND_LABELS } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { HttpError } from "../../lib/http-error";
import { sendTotal } from "../../lib/paging";
import { logActivity } from "../activity";
import { listScheduledMail, scheduledMailRow } from "./repository";
import { planScheduledMail } from "./scheduled-mail";

const s = initServer();
const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });
const label = (kind: string) => SCHEDULED_MAIL_KIND_LABELS[kind] ?? kind;

/** The office's Scheduled mail view and its retries (decision 225). */
export const jobsRouter = s.router(contract.jobs, {
  scheduledMail: async ({ query, request, reply }) => {
    // What is due includes bookings paid since the job's last run (planning is idempotent).
    await planScheduledMail(request.server.db, request.server.env, request.server.now());
    const list = await listScheduledMail(request.server.db, query.view, query.limit, (query.page - 1) * query.limit);
    sendTotal(reply, list.counts[query.view]);
    return { status: 200, body: list };
  },
  retryOutbox: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    const row = await app.db.transaction(async (tx) => {
      // A fresh set of attempts from now; the sender's claim (FOR UPDATE SKIP LOCKED) keeps it once.
      const { rows } = await tx.execute<{ id: number; kind: string }>(sql`
        update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}
        where id = ${params.id} and status = 'failed' returning id, kind`);
      if (!rows[0]) {
        const exists = await scheduledMailRow(tx, "outbox", params.id);
        throw exists ? new HttpError(409, "Only a failed mail can be sent again") : new HttpError(404, "Mail not found");
      }
      await logActivity(tx, {
        type: "other",
        action: "Failed mail sent again",
        details: `${label(rows[0].kind)} (mail ${rows[0].id})`,
        actor: actorOf(request),
        at: now,
      });
      return (await scheduledMailRow(tx, "outbox", params.id))!;
    });
    app.workers.kickMail();
    return { status: 200, body: row };
  },
  retrySchedule: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    const row = await app.db.transaction(async (tx) => {
      // Back to planned; the next run checks the booking again before it queues the mail.
      const { rows } = await tx.execute<{ id: number; kind: string }>(sql`
        update scheduled_mails set status = 'scheduled', reason = null, processed_at = null
        where id = ${params.id} and status = 'failed' returning id, kind`);
      if (!rows[0]) {
        const { rows: exists } = await tx.execute(sql`select 1 from scheduled_mails where id = ${params.id}`);
        throw exists.length ? new HttpError(409, "Only a failed mail can be sent again") : new HttpError(404, "Mail not found");
      }
      await logActivity(tx, {
        type: "other",
        action: "Failed scheduled mail planned again",
        details: `${label(rows[0].kind)} (scheduled mail ${rows[0].id})`,
        actor: actorOf(request),
        at: now,
      });
      return (await scheduledMailRow(tx, "schedule", params.id))!;
    });
    return { status: 200, body: row };
  },
});
