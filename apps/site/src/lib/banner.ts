/**
 * The announcement banner's dates (website editing), apart from lib/website.ts so the first load of every
 * page carries only this (the phone budget): the texts' fetching lives in the page chunks.
 */
import type { BannerText } from "./website";

/** Whether the banner shows on `today` (UK 'YYYY-MM-DD'): text, and within its dates. */
export function bannerShows(b: BannerText | undefined, today: string): boolean {
  if (!b || !b.textHtml) return false;
  return (!b.startsOn || b.startsOn <= today) && (!b.endsOn || today <= b.endsOn);
}

/** Today in the UK ('YYYY-MM-DD'): a banner's and a news post's dates are UK days. */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
