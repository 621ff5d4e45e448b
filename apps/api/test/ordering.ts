/**
 * Shared helpers of the API tests for ordering and counting places: `enroll` posts a public order
 * as the site does, `placesLeft` reads a date's places left as the public course page shows them.
 * Tests import these instead of writing their own.
 */
import type { FastifyInstance } from "fastify";
import type { TestClock } from "./helpers";

type Clocked = {
  /** Moved on 1 ms first, so each call is a distinct moment (orders sort by time; caches see a new read). */
  clock?: TestClock;
};

/** POST /api/enroll with `payload`, from the client address and with the headers given. */
export function enroll(
  app: FastifyInstance,
  payload: object,
  opts: Clocked & { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  opts.clock?.advance(1);
  return app.inject({
    method: "POST",
    url: "/api/enroll",
    payload,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

/**
 * Places left on a course date as GET /api/courses/:id answers them (by slug when given a
 * `{ slug }`); the course's first date when no date is named.
 */
export async function placesLeft(
  app: FastifyInstance,
  course: number | { slug: string },
  dateId?: number,
  opts: Clocked = {},
): Promise<number> {
  opts.clock?.advance(1);
  const url = typeof course === "number" ? `/api/courses/${course}` : `/api/courses/slug/${course.slug}`;
  const dates = (await app.inject({ method: "GET", url })).json().courseDates as { id: number; placesLeft: number }[];
  const date = dateId === undefined ? dates[0] : dates.find((d) => d.id === dateId);
  if (!date) throw new Error(`No date ${dateId ?? "at all"} on course ${JSON.stringify(course)}`);
  return date.placesLeft;
}
