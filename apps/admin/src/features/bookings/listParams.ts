/**
 * The bookings list's state lives in the URL (?status=&q=&sort=&dir=&page=), so a filtered,
 * sorted page can be bookmarked, shared and returned to with Back from a booking's page.
 * Pure functions: the page reads them, the unit tests check them.
 */

import { BOOKING_SORT_FIELDS, BOOKING_STATUS_FILTERS, DEFAULT_BOOKING_STATUS_FILTER, TEXT_MAX } from "@app/contract";
import type { BookingSortField, BookingStatusFilter } from "@app/contract";

/** The list's filters (the contract's): confirmed (paid) first, then the rest, then all. */
export const LIST_FILTERS = BOOKING_STATUS_FILTERS;
export type ListFilter = BookingStatusFilter;
export const DEFAULT_FILTER: ListFilter = DEFAULT_BOOKING_STATUS_FILTER;

export const FILTER_LABELS: Record<ListFilter, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded",
  all: "All",
};

/** Sortable columns, in the order the table shows them. */
export const SORT_KEYS = BOOKING_SORT_FIELDS;
export type SortKey = BookingSortField;
export type SortDir = "asc" | "desc";
/** Newest bookings first (the API's default too). */
export const DEFAULT_SORT: SortKey = "booked_on";
export const DEFAULT_DIR: SortDir = "desc";

export const BOOKINGS_PAGE_SIZE = 20;
/** Longest search the API takes (the contract's limit for `q`). */
export const SEARCH_MAX: number = TEXT_MAX.short;

export interface ListParams {
  filter: ListFilter;
  q: string;
  sort: SortKey;
  dir: SortDir;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** Anything a person may have typed into the address bar becomes a valid state. */
export function readListParams(search: URLSearchParams): ListParams {
  const page = Number(search.get("page"));
  return {
    filter: oneOf(LIST_FILTERS, search.get("status"), DEFAULT_FILTER),
    q: (search.get("q") ?? "").slice(0, SEARCH_MAX),
    sort: oneOf(SORT_KEYS, search.get("sort"), DEFAULT_SORT),
    dir: oneOf(["asc", "desc"] as const, search.get("dir"), DEFAULT_DIR),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL of a state; defaults are left out so the plain list stays `/enrolments`. */
export function writeListParams(p: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.filter !== DEFAULT_FILTER) out.set("status", p.filter);
  if (p.q) out.set("q", p.q);
  if (p.sort !== DEFAULT_SORT || p.dir !== DEFAULT_DIR) {
    out.set("sort", p.sort);
    out.set("dir", p.dir);
  }
  if (p.page > 1) out.set("page", String(p.page));
  return out;
}

/**
 * A click on a column header: the same column flips its direction, another column starts with the
 * direction people expect (newest/largest first for dates and amounts, A to Z for text). Any
 * change of order goes back to page 1.
 */
export function toggleSort(p: ListParams, key: SortKey): ListParams {
  if (p.sort === key) return { ...p, dir: p.dir === "asc" ? "desc" : "asc", page: 1 };
  const firstDir: SortDir = key === "booked_on" || key === "amount" || key === "date" ? "desc" : "asc";
  return { ...p, sort: key, dir: firstDir, page: 1 };
}

/** aria-sort of a header. */
export function ariaSort(p: ListParams, key: SortKey): "ascending" | "descending" | "none" {
  if (p.sort !== key) return "none";
  return p.dir === "asc" ? "ascending" : "descending";
}

/** The list's columns in table order: each sorts the list, and the phone's sort menu offers both directions of each. */
export const COLUMNS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: "reference", label: "Reference" },
  { key: "learner", label: "Learner(s)" },
  { key: "course", label: "Course" },
  { key: "date", label: "Date" },
  { key: "amount", label: "Amount" },
  { key: "booked_on", label: "Booked on" },
  { key: "status", label: "Status" },
];

export function directionLabel(key: SortKey, dir: SortDir): string {
  if (key === "date" || key === "booked_on") return dir === "desc" ? "newest first" : "oldest first";
  if (key === "amount") return dir === "desc" ? "highest first" : "lowest first";
  return dir === "asc" ? "A to Z" : "Z to A";
}
