import { initServer } from "@ts-rest/fastify";
import { eq } from "drizzle-orm";
import { contract } from "@app/contract";
import { users } from "../../db/schema";
import { pageOf, sendTotal } from "../../lib/paging";
import { listActivity } from "../activity";
import { dashboardCards, dashboardWarnings, notificationsFor } from "./service";

const s = initServer();

export const adminRouter = s.router(contract.admin, {
  dashboard: async ({ request }) => ({ status: 200, body: await dashboardCards(request.server.db, request.server.now()) }),
  dashboardWarnings: async ({ request }) => ({
    status: 200,
    body: { items: await dashboardWarnings(request.server.db, request.server.now()) },
  }),
  activityLogs: async ({ query, request, reply }) => {
    const { items, total } = await listActivity(
      request.server.db,
      pageOf(query),
      query?.since ? new Date(query.since) : undefined,
    );
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  notifications: async ({ request }) => ({
    status: 200,
    body: await notificationsFor(request.server.db, request.session!.user.id, request.server.now()),
  }),
  notificationsSeen: async ({ request }) => {
    await request.server.db
      .update(users)
      .set({ notificationsSeenAt: request.server.now() })
      .where(eq(users.id, request.session!.user.id));
    return { status: 200, body: { message: "Notifications marked as seen" } };
  },
});
