/**
 * The payment options' routes in their own scope: the local balance page posts a plain HTML form
 * (like the local payment page, decision 104), so its Pay route takes a form body; every other
 * route here refuses one (415), as the rest of the API does.
 */
import type { FastifyInstance } from "fastify";
import { initServer } from "@ts-rest/fastify";
import { HttpError } from "../../lib/http-error";
import { paymentOptionsRouter } from "./payment-options-router";

const s = initServer();

export async function paymentOptionsRoutes(app: FastifyInstance, opts: { routerOptions: Record<string, unknown> }) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook("preValidation", async (request) => {
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    const formRoute = request.routeOptions.url === "/api/balance/:token/local/pay";
    if (type === "application/x-www-form-urlencoded" && !formRoute) throw new HttpError(415, "Unsupported content type");
  });
  await app.register(s.plugin(paymentOptionsRouter), opts.routerOptions);
}
