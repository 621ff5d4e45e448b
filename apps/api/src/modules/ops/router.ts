import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { openAlerts } from "./alerts";
import { systemStatus } from "./status";

const s = initServer();

export const opsRouter = s.router(contract.ops, {
  version: async ({ request, reply }) => {
    const { build } = request.server.ops;
    reply.header("cache-control", "no-store");
    return { status: 200, body: { version: build.version, commit: build.commit, built_at: build.builtAt } };
  },
  status: async ({ request }) => {
    const app = request.server;
    return {
      status: 200,
      body: await systemStatus({
        db: app.db,
        env: app.env,
        now: app.now(),
        build: app.ops.build,
        startedAt: app.ops.startedAt,
        paymentProvider: app.payments.name,
      }),
    };
  },
  alerts: async ({ request }) => ({ status: 200, body: await openAlerts(request.server.db) }),
});
