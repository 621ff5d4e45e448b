import fp from "fastify-plugin";
import { CatalogueCache } from "../modules/courses/catalogue-cache";
import { CatalogueListener } from "../modules/courses/catalogue-listener";

declare module "fastify" {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
    /** The LISTEN connection behind the cache (its state and pid, for diagnostics and tests). */
    catalogueListener: CatalogueListener;
  }
}

/** How long start-up waits for the LISTEN connection; reads are correct without it, only slower. */
const START_WAIT_MS = 3_000;

/** The catalogue cache with pushed invalidation (decision 070), one LISTEN connection per instance. */
export default fp(
  async (app) => {
    const cache = new CatalogueCache({ seatLagMs: app.env.SEAT_COUNTS_MAX_LAG_MS });
    // The pool's own settings (URL or host/port/user), so the listener reaches the same database.
    const listener = new CatalogueListener(
      app.pool.options,
      {
        // A booking moves places left only (decision 130); anything else may change any answer.
        onChange: (what) => (what === "seats" ? cache.seatsChanged() : cache.invalidate()),
        onStateChange: () => cache.invalidate(),
      },
      app.log,
    );
    cache.attach(listener);
    app.decorate("catalogueCache", cache);
    app.decorate("catalogueListener", listener);
    app.addHook("onReady", async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([listener.start(), new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
      clearTimeout(timer);
    });
    app.addHook("onClose", async () => listener.stop());
  },
  { name: "catalogue-cache", dependencies: ["db"] },
);
