import fp from "fastify-plugin";
import { offerFreedPlaces, type WaitlistSettings } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    waitlist: {
      settings: WaitlistSettings;
      /**
       * One run of the waiting-list job: expire offers that ran out and offer free places down
       * each list (every date with someone waiting, or `dateIds`). The periodic worker and tests call it.
       */
      offerFreedPlaces: (dateIds?: number[]) => Promise<number>;
      /**
       * After a write that may free places (cancel, expiry, capacity change): runs the job now so
       * the offer goes out at once. Never fails its caller: the periodic run catches up.
       */
      placesMayHaveFreed: (dateIds?: number[]) => Promise<void>;
    };
  }
}

/** Waiting lists (issue 15): settings and the offer job, used by the workers and the routes. */
export default fp(
  async (app) => {
    const settings: WaitlistSettings = { offerHours: app.env.WAITLIST_OFFER_HOURS, mail: app.mail.settings };
    const run = async (dateIds?: number[]) => {
      const made = await offerFreedPlaces(app.db, app.now(), settings, dateIds);
      if (made > 0) app.workers.kickMail();
      return made;
    };
    app.decorate("waitlist", {
      settings,
      offerFreedPlaces: run,
      placesMayHaveFreed: async (dateIds?: number[]) => {
        try {
          await run(dateIds);
        } catch (err) {
          app.log.error({ err }, "waiting-list offers failed; the periodic job will retry");
        }
      },
    });
  },
  // Registered before the workers (which run its job); app.workers is read at call time, after ready.
  { name: "waitlist", dependencies: ["db", "mail"] },
);
