import type { CourseListItem } from "@app/contract";
import { api } from "./api";

/**
 * The course list, fetched once per server render even when several loaders (root header and
 * footer, the page itself) ask for it: the static handler hands every loader the same Request.
 */
const perRequest = new WeakMap<Request, Promise<CourseListItem[]>>();

export function fetchCourses(request: Request): Promise<CourseListItem[]> {
  if (!import.meta.env.SSR) return api.courses(request.signal);
  let pending = perRequest.get(request);
  if (!pending) {
    pending = api.courses(request.signal);
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * Spec §2: the Training and License dropdowns list up to 7 courses whose titles match one of
 * five fixed names. Matching ignores case, punctuation and the plural 's', and a title matches
 * when it contains one of the names' core words (so 'SIA Door Supervisor Course (Level 2)' and
 * 'Door Supervision Top-Up Training' both count). See docs/decisions/021-header-course-matching.md.
 */
export const DROPDOWN_TITLES = [
  "SIA door supervisor course",
  "door supervision top-up",
  "security guard top-ups",
  "CCTV operator course",
  "emergency first aid at work",
] as const;
export const DROPDOWN_LIMIT = 7;
export const FOOTER_COURSES = 4;
export const RECOMMENDATIONS = 3;

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(\w+?)s\b/g, "$1")
    .replace(/\b(sia|course|training|level \d)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;

const CORES = DROPDOWN_TITLES.map(normalise);

export function matchesDropdown(title: string): boolean {
  const t = normalise(title);
  return CORES.some((core) => t.includes(core));
}

export function dropdownCourses<T extends { title: string }>(courses: readonly T[]): T[] {
  return courses.filter((c) => matchesDropdown(c.title)).slice(0, DROPDOWN_LIMIT);
}
