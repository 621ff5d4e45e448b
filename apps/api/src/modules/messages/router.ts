import { initServer } from "@ts-rest/fastify";
import { desc, sql } from "drizzle-orm";
import { contract } from "@app/contract";
import { contactMessages } from "../../db/schema";
import { pageOf, sendTotal } from "../../lib/paging";
import { takeHit } from "../ratelimit/service";
import { enqueueNewMessageNotice } from "../mail/notices";

const s = initServer();

export const messagesRouter = s.router(contract.messages, {
  list: async ({ query, request, reply }) => {
    const page = pageOf(query);
    const rows = await request.server.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await request.server.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    sendTotal(reply, count?.n ?? 0);
    return {
      status: 200,
      body: rows.map((m) => ({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        phoneNumber: m.phoneNumber,
        emailAddress: m.emailAddress,
        message: m.message,
        created_at: m.createdAt.toISOString(),
      })),
    };
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
    // The provider's notice is queued with the message (same transaction): both or neither.
    await app.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values({
        firstName: body.firstName,
        lastName: body.lastName,
        phoneNumber: body.phoneNumber,
        emailAddress: body.emailAddress,
        message: body.message,
        createdAt: now,
      });
      await enqueueNewMessageNotice(tx, body, app.mail.settings, now);
    });
    app.workers.kickMail();
    return { status: 201, body: { message: "Message sent !" } };
  },
});
