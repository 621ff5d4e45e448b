/** The catalogue order with one course first (a new course goes where the office puts it, decision 337). */
export function moveToTop(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? [id, ...ids.filter((x) => x !== id)] : [...ids];
}

/** The catalogue order after moving one course up (-1) or down (+1); unchanged at either end. */
export function moveId(ids: readonly number[], id: number, by: -1 | 1): number[] {
  const next = [...ids];
  const from = next.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
