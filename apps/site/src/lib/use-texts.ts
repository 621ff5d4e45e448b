/**
 * The published texts for components (decision 366). The server always renders with texts (the
 * built-in words when the API did not answer, content/built-in-texts.ts) and ships them with the
 * page, so the browser's scripts hold none of the words themselves.
 */
import type { Review } from "../content/reviews";
import { useSiteConfig } from "../config/site";
import { escapeHtml } from "./seo";
import type { FaqText, HomeTexts } from "./website";

/** FAQ paragraphs written from the catalogue and the address (decision 266). */
const FAQ_PRICES = "{prices}";
const FAQ_LOCATION = "{location}";

const NO_HOME: HomeTexts = { heroTitle: "", heroAccent: "", heroText: "", steps: [], reasons: [] };

/** The FAQ as HTML; the {prices} and {location} paragraphs are for the caller to fill in. */
export function useFaq(): FaqText[] {
  return useSiteConfig().texts?.faq ?? [];
}

/** Fills the FAQ's marker paragraphs with text written from the catalogue and the address. */
export function fillFaqMarkers(html: string, prices: string, location: string): string {
  return html
    .replaceAll(`<p>${FAQ_PRICES}</p>`, `<p>${escapeHtml(prices)}</p>`)
    .replaceAll(`<p>${FAQ_LOCATION}</p>`, `<p>${escapeHtml(location)}</p>`);
}

export function useReviews(): readonly Review[] {
  const reviews = useSiteConfig().texts?.reviews ?? [];
  return reviews.map((r, i) => ({ id: i + 1, name: r.name, rating: r.rating, date: r.date, text: r.text, source: r.source }));
}

export function useHomeTexts(): HomeTexts {
  return useSiteConfig().texts?.home ?? NO_HOME;
}
