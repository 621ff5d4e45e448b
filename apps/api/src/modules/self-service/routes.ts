/**
 * Self-service's routes in their own scope: the development page of a date change's fee posts a
 * plain HTML form (decision 104), so its Pay route takes a form body; no other route does.
 */
import type { FastifyInstance } from "fastify";
import { initServer } from "@ts-rest/fastify";
import { acceptFormsOn } from "../../lib/form-routes";
import { selfServiceRouter } from "./router";

const s = initServer();

export async function selfServiceRoutes(app: FastifyInstance, opts: { routerOptions: Record<string, unknown> }) {
  acceptFormsOn(app, ["/api/my-bookings/booking/:token/change-payments/:changeId/local/pay"]);
  await app.register(s.plugin(selfServiceRouter), opts.routerOptions);
}
