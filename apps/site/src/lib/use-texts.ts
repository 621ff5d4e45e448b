/**
 * The published texts for components (decision 366), with the words built into the site when
 * the API did not answer (src/content: the same words the API's version 0 holds).
 */
import { FAQ, FAQ_LOCATION, FAQ_PRICES } from "../content/faq";
import { REVIEWS } from "../content/reviews";
import type { Review } from "../content/reviews";
import { useSiteConfig } from "../config/site";
import { escapeHtml } from "./seo";
import type { FaqText, HomeTexts } from "./website";

const paragraphs = (ps: readonly string[]) => ps.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");

/** The FAQ as HTML; the {prices} and {location} paragraphs are for the caller to fill in. */
export function useFaq(): FaqText[] {
  const { texts } = useSiteConfig();
  return texts?.faq ?? FAQ.map((f) => ({ id: f.id, question: f.question, answerHtml: paragraphs(f.answer) }));
}

/** Fills the FAQ's marker paragraphs with text written from the catalogue and the address. */
export function fillFaqMarkers(html: string, prices: string, location: string): string {
  return html
    .replaceAll(`<p>${FAQ_PRICES}</p>`, `<p>${escapeHtml(prices)}</p>`)
    .replaceAll(`<p>${FAQ_LOCATION}</p>`, `<p>${escapeHtml(location)}</p>`);
}

export function useReviews(): readonly Review[] {
  const { texts } = useSiteConfig();
  return (
    texts?.reviews.map((r, i) => ({ id: i + 1, name: r.name, rating: r.rating, date: r.date, text: r.text, source: r.source })) ??
    REVIEWS
  );
}

export function useHomeTexts(fallback: HomeTexts): HomeTexts {
  return useSiteConfig().texts?.home ?? fallback;
}
