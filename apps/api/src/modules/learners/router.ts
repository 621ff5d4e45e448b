/**
 * Learner records over HTTP (issue 14). Thin: each handler calls the service. Personal data is
 * never cacheable (`private, no-store`); the role of each admin route is in the contract.
 */
import type { FastifyInstance } from "fastify";
import { initServer } from "@ts-rest/fastify";
import { contract, EVIDENCE_TOO_LARGE_MESSAGE, LEARNER_DATES_PAGE_SIZE, MAX_EVIDENCE_BYTES } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { HttpError } from "../../lib/http-error";
import { pageOf, sendTotal } from "../../lib/paging";
import * as service from "./service";
import { subjectAccessPdf } from "./pdf";

const s = initServer();

/**
 * ts-rest writes the contract's one content type over a file answer; the real type of each file
 * (PDF, JPEG, PNG, WebP) is put back by this scope's onSend hook.
 */
const fileTypes = new WeakMap<object, string>();
const sendAs = (request: { raw: object }, type: string) => fileTypes.set(request.raw, type);

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });
/** The actor with their role: trainers see and change only their own dates (decision 332). */
const viewerOf = (request: { session: Session | null }) => ({ ...actorOf(request), role: request.session!.user.role });
type HeaderReply = { header: (name: string, value: string) => unknown };
const noStore = (reply: HeaderReply) => reply.header("cache-control", "private, no-store");

export const learnersRouter = s.router(contract.learners, {
  form: async ({ params, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await service.getForm(request.server.db, params.token, request.server.now()) };
  },
  saveForm: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await service.saveForm(request.server.db, params.token, body, request.server.now()) };
  },
  uploadFirstAid: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await service.uploadFirstAid(request.server.db, params.token, body, request.server.now()) };
  },
  dates: async ({ query, request, reply }) => {
    noStore(reply);
    const app = request.server;
    const page = pageOf({ page: query?.page, limit: query?.limit ?? LEARNER_DATES_PAGE_SIZE });
    const { items, total } = await service.listDates(app.db, app.now(), viewerOf(request), page, query?.when);
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  board: async ({ params, query, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.getBoard(
        request.server.db,
        params.dateId,
        query?.filter ?? "all",
        request.server.now(),
        viewerOf(request),
      ),
    };
  },
  checkId: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.checkId(request.server.db, params.id, body, viewerOf(request), request.server.now()),
    };
  },
  attendance: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.recordAttendance(request.server.db, params.id, body, viewerOf(request), request.server.now()),
    };
  },
  results: async ({ params, body, request, reply }) => {
    noStore(reply);
    const app = request.server;
    const { learner, mailed } = await service.recordResults(
      app.db,
      params.id,
      body,
      viewerOf(request),
      app.now(),
      app.mail.settings,
    );
    if (mailed) app.workers.kickMail();
    return { status: 200, body: learner };
  },
  certificate: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.setCertificate(request.server.db, params.id, body.issued, viewerOf(request), request.server.now()),
    };
  },
  evidence: async ({ params, request, reply }) => {
    const file = await service.downloadEvidence(request.server.db, params.id, viewerOf(request), request.server.now());
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, "_")}"`);
    reply.header("x-content-type-options", "nosniff");
    sendAs(request, file.contentType);
    return { status: 200, body: file.bytes };
  },
  evidenceSeen: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.markEvidenceSeen(request.server.db, params.id, body.seen, viewerOf(request), request.server.now()),
    };
  },
  markAllPresent: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await service.markAllPresent(request.server.db, params.dateId, body, viewerOf(request), request.server.now()),
    };
  },
  registrationCsv: async ({ params, request, reply }) => {
    const { csv, filename } = await service.registrationCsv(
      request.server.db,
      params.dateId,
      actorOf(request),
      request.server.now(),
    );
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="${filename}"`);
    reply.type("text/csv; charset=utf-8");
    return { status: 200, body: csv };
  },
  subjectAccessJson: async ({ params, request, reply }) => {
    const data = await service.subjectAccess(request.server.db, params.id, actorOf(request), request.server.now(), "JSON");
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="learner-${params.id}-subject-access.json"`);
    return { status: 200, body: data };
  },
  subjectAccessPdf: async ({ params, request, reply }) => {
    const app = request.server;
    const data = await service.subjectAccess(app.db, params.id, actorOf(request), app.now(), "PDF");
    const pdf = await subjectAccessPdf(data, app.mail.settings.providerName);
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="learner-${params.id}-subject-access.pdf"`);
    sendAs(request, "application/pdf");
    return { status: 200, body: pdf };
  },
});

/** The certificate upload carries up to 10 MB as base64 in JSON: a larger body limit on that route only. */
const UPLOAD_BODY_LIMIT = Math.ceil(MAX_EVIDENCE_BYTES / 3) * 4 + 64 * 1024;

/** Registers the learners' routes in their own scope (the upload's body limit and its clear 413). */
export async function learnersRoutes(app: FastifyInstance, opts: { routerOptions: Record<string, unknown> }) {
  app.addHook("onRoute", (route) => {
    if (route.url === "/api/learner-forms/:token/first-aid-certificate") route.bodyLimit = UPLOAD_BODY_LIMIT;
  });
  app.addHook("onRequest", async (request) => {
    const length = Number(request.headers["content-length"] ?? 0);
    if (request.url.endsWith("/first-aid-certificate") && length > UPLOAD_BODY_LIMIT)
      throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const type = fileTypes.get(request.raw);
    if (type && reply.statusCode === 200) reply.header("content-type", type);
    return payload;
  });
  await app.register(s.plugin(learnersRouter), opts.routerOptions);
}
