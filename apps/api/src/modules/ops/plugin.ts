import fp from "fastify-plugin";
import { evaluateAlerts, type EvaluationResult } from "./alerts";
import { loadBuildInfo, type BuildInfo } from "./version";

declare module "fastify" {
  interface FastifyInstance {
    ops: {
      build: BuildInfo;
      /** When this process started serving (uptime on the status page). */
      startedAt: Date;
      /** One run of the alert evaluator at `now` (default: the app's clock); the `ops-alerts` job calls it each minute. */
      evaluateAlerts: (now?: Date) => Promise<EvaluationResult>;
    };
  }
}

/** Operations (decisions 295-296): what is running, and the alert evaluator the job queue runs. */
export default fp(
  async (app) => {
    const build = loadBuildInfo();
    app.decorate("ops", {
      build,
      startedAt: new Date(),
      evaluateAlerts: (now?: Date) => evaluateAlerts(app.db, app.env, app.mail.settings, now ?? app.now(), app.payments.name),
    });
  },
  { name: "ops", dependencies: ["db", "mail", "payments"] },
);
