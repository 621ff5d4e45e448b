/** The earliest course date of an order (the one the policy's days are counted to). */
export const firstStart = (items: { startDate: string | null }[]) =>
  items
    .map((i) => i.startDate)
    .filter((d): d is string => Boolean(d))
    .sort()[0] ?? null;
