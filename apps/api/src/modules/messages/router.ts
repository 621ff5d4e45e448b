import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { pageOf, sendTotal } from "../../lib/paging";
import type { Session } from "../../plugins/auth";
import { takeHit } from "../ratelimit";
import { listMessages } from "./repository";
import { receiveMessage, setMessageHandled } from "./service";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

export const messagesRouter = s.router(contract.messages, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listMessages(request.server.db, query?.status ?? "all", pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  create: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    await takeHit(app.db, `contact:${request.ip}`, {
      limit: app.env.CONTACT_RATE_LIMIT,
      windowMs: app.env.CONTACT_RATE_WINDOW_MINUTES * 60_000,
      now,
      message: "Too many messages sent. Please try again later.",
    });
    await receiveMessage(app.db, body, app.mail.settings, now);
    app.workers.kickMail();
    return { status: 201, body: { message: "Message sent !" } };
  },
  setHandled: async ({ params, body, request }) => ({
    status: 200,
    body: await setMessageHandled(request.server.db, params.id, body.handled, actorOf(request), request.server.now()),
  }),
});
