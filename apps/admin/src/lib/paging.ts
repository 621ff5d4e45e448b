import { PAGE_MAX_LIMIT, TOTAL_COUNT_HEADER } from "@app/contract";
import { startOfDay, startOfMonth, startOfWeekSunday, type TimeFilter } from "@app/ui/format";
import { unwrap } from "./api";

/** One page of an admin list as the API answers it (decision 112): the items and the total in all. */
export type PageOf<T> = { items: T[]; total: number };

type PagedAnswer = { status: number; body: unknown; headers: Headers };

/** Awaits a paged list call: its items and the x-total-count header (the page's length when absent). */
export async function unwrapPage<T>(call: Promise<PagedAnswer>): Promise<PageOf<T>> {
  let headers: Headers | undefined;
  const items = (await unwrap(
    call.then((r) => {
      headers = r.headers;
      return r;
    }),
  )) as T[];
  const total = Number(headers?.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}

/**
 * The whole of a paged list, page by page at the API's largest page size: for the screens that
 * search, export or print across every item (enrolments, messages, discount codes).
 */
export async function fetchAllPages<T>(
  fetchPage: (query: { page: number; limit: number }) => Promise<PagedAnswer>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await unwrapPage<T>(fetchPage({ page, limit: PAGE_MAX_LIMIT }));
    all.push(...items);
    if (items.length < PAGE_MAX_LIMIT || all.length >= total) return all;
  }
}

/** The instant an activity time filter starts (local time, as the screens show it); undefined for 'all'. */
export function timeFilterSince(filter: TimeFilter, now: Date = new Date()): string | undefined {
  if (filter === "all") return undefined;
  const from = filter === "today" ? startOfDay(now) : filter === "week" ? startOfWeekSunday(now) : startOfMonth(now);
  return from.toISOString();
}
