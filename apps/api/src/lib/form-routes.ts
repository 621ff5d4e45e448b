/**
 * Plain HTML form posts for the development payment pages (decision 104), in the caller's own
 * Fastify scope: only the named routes take a form body; every other route of the scope refuses
 * one (415), as the rest of the API does.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error";

export function acceptFormsOn(app: FastifyInstance, formRoutes: string[]) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook("preValidation", async (request) => {
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    const formRoute = formRoutes.includes(request.routeOptions.url ?? "");
    if (type === "application/x-www-form-urlencoded" && !formRoute) throw new HttpError(415, "Unsupported content type");
  });
}
