import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import type { Session } from "../../plugins/auth";
import * as service from "./service";

const s = initServer();
const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

/** Personal-data erasure on request (decision 309); owner only (the contract's metadata). */
export const privacyRouter = s.router(contract.privacy, {
  erasurePreview: async ({ request, body }) => ({
    status: 200,
    body: await service.erasurePreview(request.server.db, body.email, request.server.now()),
  }),
  erase: async ({ request, body }) => {
    const app = request.server;
    const { summary, freedDates } = await service.erase(app.db, body.email, actorOf(request), app.now());
    // Places an erased waiting-list offer held may go to the next in line.
    if (freedDates.length) await app.waitlist.placesMayHaveFreed(freedDates);
    return { status: 200, body: summary };
  },
});
