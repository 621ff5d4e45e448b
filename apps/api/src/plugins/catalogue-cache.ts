import fp from "fastify-plugin";
import { CatalogueCache, CatalogueEvents, catalogueEventsRoute, CatalogueListener } from "../modules/courses";

declare module "fastify" {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
    /** The LISTEN connection behind the cache (its state and pid, for diagnostics and tests). */
    catalogueListener: CatalogueListener;
    /** The change stream for site servers (`GET /api/catalogue/events`, decision 240). */
    catalogueEvents: CatalogueEvents;
  }
}

/** How long start-up waits for the LISTEN connection; reads are correct without it, only slower. */
const START_WAIT_MS = 3_000;

/** The catalogue cache with pushed invalidation (decision 070), one LISTEN connection per instance. */
export default fp(
  async (app) => {
    const cache = new CatalogueCache({ seatLagMs: app.env.SEAT_COUNTS_MAX_LAG_MS });
    const events = new CatalogueEvents({
      seatLagMs: app.env.SEAT_COUNTS_MAX_LAG_MS,
      settleSeats: async () => (await cache.seats.settle(app.db, app.now())).validUntil,
      now: () => app.now().getTime(),
      log: app.log,
    });
    // The pool's own settings (URL or host/port/user), so the listener reaches the same database.
    const listener = new CatalogueListener(
      app.pool.options,
      {
        // A booking moves places left only (decision 130); anything else may change any answer.
        onChange: (what) => {
          if (what === "seats") {
            cache.seatsChanged();
            events.seatsChanged();
          } else {
            cache.invalidate();
            events.catalogueChanged();
          }
        },
        onStateChange: (ready) => {
          cache.invalidate();
          events.stateChanged(ready);
        },
      },
      app.log,
    );
    cache.attach(listener);
    app.decorate("catalogueCache", cache);
    app.decorate("catalogueListener", listener);
    app.decorate("catalogueEvents", events);
    catalogueEventsRoute(app, events);
    // A staff write (an admin edit) is answered only once this instance has heard of every change
    // committed before (one round trip on the LISTEN connection) and so has already written the
    // 'catalogue' event to the site servers' streams: with one API instance the edit is on the
    // very next page (decision 240). Orders and reads are untouched.
    app.addHook("onSend", async (request, reply, payload) => {
      if (events.subscriberCount === 0 || request.method === "GET" || request.method === "HEAD") return payload;
      if (request.session?.user.is_admin && reply.statusCode < 400) await listener.sync();
      return payload;
    });
    app.addHook("onReady", async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([listener.start(), new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
      clearTimeout(timer);
    });
    app.addHook("onClose", async () => listener.stop());
  },
  { name: "catalogue-cache", dependencies: ["db"] },
);
