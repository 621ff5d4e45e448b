import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { takeHit } from "../ratelimit";
import { listDates } from "./repository";
import { findOffer, joinWaitlist, moveUp, offerByHand, removeEntry } from "./service";

const s = initServer();

/** Joins per client address per 10 minutes: a family or an office joins a few lists at most. */
const JOIN_RATE_LIMIT = 10;

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

export const waitlistRouter = s.router(contract.waitlist, {
  join: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    await takeHit(app.db, `waitlist-join:${request.ip}`, {
      limit: JOIN_RATE_LIMIT,
      windowMs: 10 * 60_000,
      now,
      message: "Too many requests. Please try again later.",
    });
    const { created, message, position } = await joinWaitlist(app.db, body, now, app.mail.settings);
    if (created) app.workers.kickMail();
    return { status: created ? 201 : 200, body: { message, already: !created, position } };
  },
  offer: async ({ params, request }) => {
    const offer = await findOffer(request.server.db, params.token, request.server.now());
    return offer ? { status: 200, body: offer } : { status: 404, body: { message: "This offer link is not valid" } };
  },
  list: async ({ query, request }) => ({
    status: 200,
    body: await listDates(
      request.server.db,
      request.server.now(),
      request.server.waitlist.settings.mail.siteUrl,
      query?.course_id,
    ),
  }),
  moveUp: async ({ params, request }) => ({
    status: 200,
    body: await moveUp(request.server.db, params.id, request.server.now(), actorOf(request), request.server.waitlist.settings),
  }),
  remove: async ({ params, request }) => {
    const app = request.server;
    const body = await removeEntry(app.db, params.id, app.now(), actorOf(request), app.waitlist.settings);
    app.workers.kickMail();
    return { status: 200, body };
  },
  offerNow: async ({ params, request }) => {
    const app = request.server;
    const body = await offerByHand(app.db, params.id, app.now(), actorOf(request), app.waitlist.settings);
    app.workers.kickMail();
    return { status: 200, body };
  },
});
