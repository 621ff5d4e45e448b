/**
 * The site texts the office publishes (website editing, decisions 360-366), read from `GET /api/website`
 * once per server render (or `GET /api/website/preview/:token` for a preview link). Formatted
 * fields arrive as HTML the API already cut down to its allow-list: the site never parses
 * Markdown. The API unreachable: the words built into the site (src/content) stay.
 */
import type { PublishedWebsite } from "@app/contract";
import type { ProviderConfig } from "../config/provider";
import { api } from "./api";

export interface HomeTexts {
  heroTitle: string;
  heroAccent: string;
  heroText: string;
  steps: { title: string; text: string }[];
  reasons: { title: string; text: string }[];
}
export interface FaqText {
  id: string;
  question: string;
  answerHtml: string;
}
export interface ReviewText {
  name: string;
  rating: number;
  date: string;
  text: string;
  source: string;
}
export interface BannerText {
  textHtml: string;
  startsOn: string | null;
  endsOn: string | null;
}
export interface PolicyText {
  id: string;
  title: string;
  bodyHtml: string;
  signedBy: string;
  signedOn: string;
}
export interface NewsPost {
  slug: string;
  title: string;
  bodyHtml: string;
  image: string | null;
  imageAlt: string;
  publishedOn: string;
}

export interface AboutTexts {
  subtitle: string;
  whoTitle: string;
  whoTextHtml: string;
  whatTitle: string;
  whatTextHtml: string;
}

/** What every page needs (shipped with the page's data): small, no policy or news bodies. */
export interface SiteTexts {
  home: HomeTexts;
  about: AboutTexts;
  contact: { subtitle: string };
  faq: FaqText[];
  reviews: ReviewText[];
  banner: BannerText;
  openingHours: string[];
  /** A preview link: drafts are shown, nothing is kept or indexed. */
  preview: boolean;
  /** When each section's current version was published (ISO): the sitemap's lastmod. */
  publishedAt: Record<string, string>;
}

/** A preview token from `?preview=` (the API's shape), else null. */
export function previewToken(url: string): string | null {
  const token = new URL(url, "http://x").searchParams.get("preview");
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : null;
}

const perRequest = new WeakMap<Request, Promise<PublishedWebsite | null>>();

/** The published texts (or a preview's), once per server render; null when the API did not answer. */
export function fetchWebsite(request: Request): Promise<PublishedWebsite | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    const token = previewToken(request.url);
    pending = (token ? api.websitePreview(token, request.signal) : api.website(request.signal)).catch((error: unknown) => {
      console.error("Site texts failed to load; the built-in words are shown", error);
      return null;
    });
    perRequest.set(request, pending);
  }
  return pending;
}

type Body = Record<string, unknown>;
const body = (w: PublishedWebsite, section: string): Body => (w.sections[section]?.body ?? {}) as Body;
const items = <T>(w: PublishedWebsite, section: string): T[] => (body(w, section).items as T[] | undefined) ?? [];

export function siteTexts(w: PublishedWebsite): SiteTexts {
  const home = body(w, "home") as unknown as HomeTexts;
  const banner = body(w, "banner");
  const about = body(w, "about") as unknown as AboutTexts;
  return {
    about: {
      subtitle: about.subtitle,
      whoTitle: about.whoTitle,
      whoTextHtml: about.whoTextHtml,
      whatTitle: about.whatTitle,
      whatTextHtml: about.whatTextHtml,
    },
    contact: { subtitle: String(body(w, "contact").subtitle ?? "") },
    home: {
      heroTitle: home.heroTitle,
      heroAccent: home.heroAccent,
      heroText: home.heroText,
      steps: home.steps,
      reasons: home.reasons,
    },
    faq: items<FaqText>(w, "faq").map(({ id, question, answerHtml }) => ({ id, question, answerHtml })),
    reviews: items<ReviewText>(w, "reviews").map(({ name, rating, date, text, source }) => ({
      name,
      rating,
      date,
      text,
      source,
    })),
    banner: {
      textHtml: String(banner.textHtml ?? ""),
      startsOn: (banner.startsOn as string) ?? null,
      endsOn: (banner.endsOn as string) ?? null,
    },
    openingHours: (body(w, "identity").openingHours as string[] | undefined) ?? [],
    preview: w.preview,
    publishedAt: Object.fromEntries(Object.entries(w.sections).map(([k, v]) => [k, v.publishedAt])),
  };
}

export const policiesOf = (w: PublishedWebsite): PolicyText[] => items<PolicyText>(w, "policies");
/** News posts published by today (UK date), newest first. */
export function newsOf(w: PublishedWebsite, today: string): NewsPost[] {
  return items<NewsPost>(w, "news")
    .filter((p) => p.publishedOn <= today)
    .sort((a, b) => (a.publishedOn < b.publishedOn ? 1 : a.publishedOn > b.publishedOn ? -1 : 0));
}

/**
 * The provider as the site shows it: the identity the office published, over the configured one.
 * Version 0 (never published) keeps the configuration, so nothing changes on the day this lands.
 */
export function providerWith(base: ProviderConfig, w: PublishedWebsite | null): ProviderConfig {
  const section = w?.sections.identity;
  if (!section || section.version === 0) return base;
  const i = section.body as Record<string, string>;
  return {
    ...base,
    name: i.name!,
    shortName: i.shortName!,
    address: { street: i.street!, locality: i.locality!, region: i.region!, postcode: i.postcode!, country: i.country! },
    area: i.area ?? "",
    phone: i.phone!,
    mobile: i.mobile!,
    email: i.email!,
    chatUrl: i.whatsappUrl || base.chatUrl,
    communityUrl: i.communityUrl ?? "",
    social: { facebook: i.facebook ?? "", twitter: i.twitter ?? "", instagram: i.instagram ?? "", youtube: i.youtube ?? "" },
  };
}

/**
 * When the words of each page last changed, from the sections it shows (the sitemap's lastmod,
 * decision 151): the home page shows the home texts, FAQ, reviews and banner; /privacy the policies.
 */
export function textsLastmod(
  w: PublishedWebsite,
  today: string,
): { pages: Record<string, string>; posts: { slug: string; lastmod: string }[] } {
  // Version 0 is the words the pages already had: it moves no date.
  const at = (section: string) => {
    const s = w.sections[section];
    return s && s.version !== 0 ? s.publishedAt : "1970-01-01T00:00:00.000Z";
  };
  const latest = (...xs: string[]) => xs.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
  const news = at("news");
  return {
    pages: {
      "/": latest(at("home"), at("faq"), at("reviews"), at("banner"), at("identity")),
      "/about": latest(at("about"), at("faq"), at("reviews"), at("identity")),
      "/contact": latest(at("contact"), at("identity")),
      "/privacy": latest(at("policies"), at("identity")),
      "/news": news,
    },
    // A post's own day, or the news section's publish time when that is later (an edit).
    posts: newsOf(w, today).map((p) => ({ slug: p.slug, lastmod: latest(`${p.publishedOn}T00:00:00.000Z`, news) })),
  };
}
