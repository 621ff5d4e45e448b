import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { openAlerts } from "./alerts";
import { releaseOutgoing } from "./hold";
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
  releaseOutgoing: async ({ request }) => {
    const app = request.server;
    const user = request.session!.user;
    const released = await releaseOutgoing(app.db, { now: app.now(), actor: { id: user.id, name: user.name } });
    if (released) {
      request.log.warn({ by: user.email }, "mail and jobs released after a restore");
      await app.workers.resume();
    }
    return { status: 200, body: { released } };
  },
  alerts: async ({ request }) => ({ status: 200, body: await openAlerts(request.server.db) }),
});
