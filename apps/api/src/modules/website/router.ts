import { initServer } from "@ts-rest/fastify";
import { contract, type PublishedWebsite } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { cachedBody, cachedRead } from "../courses";
import {
  createPreview,
  discardDraft,
  previewWebsite,
  publish,
  publishedWebsite,
  restore,
  saveDraft,
  sectionState,
  versionBody,
} from "./service";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

export const websiteRouter = s.router(contract.website, {
  // Kept with the catalogue's cache and tag (decision 364): a publish bumps the catalogue version,
  // so the site's conditional GET sees a new tag and the change stream tells every site server.
  published: {
    hooks: {
      preHandler: cachedRead(
        () => "website",
        (req) => publishedWebsite(req.server.db),
      ) as never,
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody<PublishedWebsite>(request) }),
  },
  preview: async ({ params, request, reply }) => {
    reply.header("cache-control", "no-store");
    return { status: 200, body: await previewWebsite(request.server.db, params.token, request.server.now()) };
  },
  section: async ({ params, request }) => ({ status: 200, body: await sectionState(request.server.db, params.section) }),
  saveDraft: async ({ body, request }) => ({
    status: 200,
    body: await saveDraft(request.server.db, body as never, actorOf(request), request.server.now()),
  }),
  discardDraft: async ({ params, request }) => ({ status: 200, body: await discardDraft(request.server.db, params.section) }),
  publish: async ({ params, request }) => ({
    status: 200,
    body: await publish(request.server.db, params.section, actorOf(request), request.server.now(), request.server.env.production),
  }),
  version: async ({ params, request }) => ({
    status: 200,
    body: await versionBody(request.server.db, params.section, params.id),
  }),
  restore: async ({ params, request }) => ({
    status: 200,
    body: await restore(
      request.server.db,
      params.section,
      params.id,
      actorOf(request),
      request.server.now(),
      request.server.env.production,
    ),
  }),
  createPreview: async ({ request }) => ({
    status: 201,
    body: await createPreview(request.server.db, actorOf(request), request.server.now()),
  }),
});
