/**
 * The payment options' routes in their own scope: the local balance page posts a plain HTML form
 * (like the local payment page, decision 104), so its Pay route takes a form body; every other
 * route here refuses one (415), as the rest of the API does.
 */
import type { FastifyInstance } from "fastify";
import { initServer } from "@ts-rest/fastify";
import { acceptFormsOn } from "../../lib/form-routes";
import { paymentOptionsRouter } from "./payment-options-router";

const s = initServer();

export async function paymentOptionsRoutes(app: FastifyInstance, opts: { routerOptions: Record<string, unknown> }) {
  acceptFormsOn(app, ["/api/balance/:token/local/pay"]);
  await app.register(s.plugin(paymentOptionsRouter), opts.routerOptions);
}
