import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { sendTotal } from "../../lib/paging";
import { listScheduledMail } from "./repository";
import { retryOutboxMail, retryScheduledMail } from "./retries";
import { planRecentReminders } from "./scheduled-mail";

const s = initServer();
const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

/** The office's Scheduled mail view and its retries (decision 225). */
export const jobsRouter = s.router(contract.jobs, {
  scheduledMail: async ({ query, request, reply }) => {
    // What is due includes bookings paid since the job's last run (planning is idempotent).
    await planRecentReminders(request.server.db, request.server.env, request.server.now());
    const list = await listScheduledMail(request.server.db, query.view, query.limit, (query.page - 1) * query.limit);
    sendTotal(reply, list.counts[query.view]);
    return { status: 200, body: list };
  },
  retryOutbox: async ({ params, request }) => {
    const app = request.server;
    const row = await retryOutboxMail(app.db, params.id, actorOf(request), app.now());
    app.workers.kickMail();
    return { status: 200, body: row };
  },
  retrySchedule: async ({ params, request }) => ({
    status: 200,
    body: await retryScheduledMail(request.server.db, params.id, actorOf(request), request.server.now()),
  }),
});
