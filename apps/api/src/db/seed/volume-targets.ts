/** The generator's row counts at a scale (shared by volume.ts and volume-history.ts). */
export type VolumeCounts = Record<string, number>;

/** Row counts at a scale (rounded; attendees and learner records follow from the orders). */
export function volumeTargets(scale: number) {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    orders: n(60_000),
    activity: n(1_000_000),
    mails: n(300_000),
    learners: n(50_000),
    messages: n(5_000),
    waitlist: n(5_000),
  };
}
