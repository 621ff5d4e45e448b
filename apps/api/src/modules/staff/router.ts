import { initServer } from "@ts-rest/fastify";
import type { FastifyRequest } from "fastify";
import { contract } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import * as staff from "./service";

const s = initServer();

function actorOf(request: FastifyRequest) {
  const user = request.session?.user;
  if (!user) throw new HttpError(401, "Session expired. Please log in again.");
  return user;
}

export const staffRouter = s.router(contract.staff, {
  list: async ({ request }) => ({ status: 200, body: await staff.members(request.server.db) }),

  invite: async ({ body, request }) => {
    const app = request.server;
    const actor = actorOf(request);
    const member = await staff.inviteStaff(app.db, body, actor, app.mail.settings, app.now());
    if (!member) return { status: 409, body: { message: "This person is already a member of staff" } };
    return { status: 201, body: member };
  },

  update: async ({ params, body, request }) => {
    const app = request.server;
    const actor = actorOf(request);
    const endSessions = (userId: number) => app.endUserSessions(userId, "account disabled", { actorName: actor.name });
    return { status: 200, body: await staff.updateStaff(app.db, params.id, body, actor, endSessions, app.now()) };
  },

  inviteInfo: async ({ params, request }) => {
    const invite = await staff.findInvite(request.server.db, params.token, request.server.now());
    if (!invite) return { status: 404, body: { message: staff.INVITE_GONE } };
    return { status: 200, body: { name: invite.name, email: invite.email } };
  },

  acceptInvite: async ({ params, body, request }) => {
    const app = request.server;
    const endSessions = (userId: number) => app.endUserSessions(userId, "password set from an e-mailed link");
    if (!(await staff.acceptInvite(app.db, params.token, body.password, endSessions, app.now()))) {
      return { status: 404, body: { message: staff.INVITE_GONE } };
    }
    return { status: 200, body: { message: "Your password is set. You can now sign in." } };
  },
});
