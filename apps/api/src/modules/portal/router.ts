/**
 * The learner's portal over HTTP (issue 31). Thin: each handler calls learner.ts (by the
 * learner's link) or office.ts (staff; roles in the contract). Nothing here is cacheable.
 */
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import type { Session } from "../../plugins/auth";
import * as learner from "./learner";
import * as content from "./content";
import * as office from "./office";
import { pageOf, sendTotal } from "../../lib/paging";

const s = initServer();
type Req = { session: Session | null; server: { db: import("../../db/client").Db; now: () => Date } };
type HeaderReply = { header: (name: string, value: string) => unknown };

const actorOf = (request: Req) => ({ id: request.session!.user.id, name: request.session!.user.name });
const viewerOf = (request: Req) => ({ ...actorOf(request), role: request.session!.user.role });
const noStore = (reply: HeaderReply) => reply.header("cache-control", "private, no-store");

export const portalRouter = s.router(contract.portal, {
  portal: async ({ params, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await learner.getPortal(request.server.db, params.token, request.server.now()) };
  },
  revision: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await learner.markSection(db, params.token, params.sectionId, body.done, now()) };
  },
  startMock: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 201, body: await learner.startMock(request.server.db, params.token, body.unit_id, request.server.now()) };
  },
  mock: async ({ params, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await learner.getMock(request.server.db, params.token, params.attemptId, request.server.now()) };
  },
  answer: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await learner.saveAnswer(db, params.token, params.attemptId, body, now()) };
  },
  submit: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await learner.submitMock(db, params.token, params.attemptId, body.answers ?? [], now()) };
  },
  licenceStep: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await learner.tickStep(request.server.db, params.token, body, request.server.now()) };
  },
});

export const studyRouter = s.router(contract.study, {
  units: async ({ query, request }) => ({ status: 200, body: await content.listUnits(request.server.db, query?.course_id) }),
  createUnit: async ({ body, request }) => ({
    status: 201,
    body: await content.createUnit(request.server.db, body, actorOf(request), request.server.now()),
  }),
  updateUnit: async ({ params, body, request }) => ({
    status: 200,
    body: await content.updateUnit(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  addSection: async ({ params, body, request }) => ({
    status: 201,
    body: await content.addSection(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  updateSection: async ({ params, body, request }) => ({
    status: 200,
    body: await content.updateSection(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  deleteSection: async ({ params, request }) => ({
    status: 200,
    body: await content.deleteSection(request.server.db, params.id, actorOf(request), request.server.now()),
  }),
  addQuestion: async ({ params, body, request }) => ({
    status: 201,
    body: await content.addQuestion(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  updateQuestion: async ({ params, body, request }) => ({
    status: 200,
    body: await content.updateQuestion(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  archiveQuestion: async ({ params, request }) => ({
    status: 200,
    body: await content.archiveQuestion(request.server.db, params.id, actorOf(request), request.server.now()),
  }),
  mockBoard: async ({ params, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await office.mockBoard(request.server.db, params.dateId, request.server.now(), viewerOf(request)),
    };
  },
  attempt: async ({ params, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await office.attemptForStaff(db, params.id, params.attemptId, viewerOf(request), now()) };
  },
  progress: async ({ query, request, reply }) => {
    noStore(reply);
    const { items, total } = await office.progressList(request.server.db, request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  certificateProgress: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await office.setCertificateProgress(db, params.id, body, actorOf(request), now()) };
  },
  licenceStep: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await office.staffStep(db, params.id, body, actorOf(request), now()) };
  },
  portalUntil: async ({ params, body, request, reply }) => {
    noStore(reply);
    const { db, now } = request.server;
    return { status: 200, body: await office.setPortalUntil(db, params.id, body.until, actorOf(request), now()) };
  },
});
