/**
 * Copy that names prices and places takes them from the catalogue and the provider's
 * configuration (production, decision 266): a price written into a sentence goes stale the day the
 * office changes the course ("£250" while the course cost £239).
 */
import type { CourseListItem } from "@app/contract";
import { formatPounds } from "@app/ui/format";
import type { ProviderConfig } from "../config/provider";
import { placeName } from "../config/provider";

const isInitialDoorSupervisor = (title: string) => /door supervisor/i.test(title) && !/refresher|top[- ]?up/i.test(title);

/** The course the home page's hero quotes: the door supervisor course, else the first in the catalogue. */
export function leadCourse(courses: readonly CourseListItem[]): CourseListItem | null {
  return courses.find((c) => isInitialDoorSupervisor(c.title)) ?? courses[0] ?? null;
}

/** The FAQ's price answer: every course in the catalogue with its fee, in catalogue order. */
export function priceAnswer(courses: readonly CourseListItem[]): string {
  if (!courses.length) return "Every course's price is on its page under All Courses.";
  const listed = courses.map((c) => `${c.title}: ${formatPounds(c.fee)}`);
  return `Our current prices: ${listed.join("; ")}.`;
}

/** The FAQ's location answer, from the provider's configured address. */
export function locationAnswer(provider: ProviderConfig): string {
  return `Our training centre is in ${placeName(provider)}, with good public transport links and parking nearby. The full address is on our contact page.`;
}
