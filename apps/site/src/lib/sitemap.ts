import type { CatalogueChanges } from "@app/contract";
import { paths, SITEMAP_PATHS } from "../config/paths";
import { escapeHtml, PUBLISHED_DATE } from "./seo";

/**
 * When the copy of the pages that show no catalogue data last changed ('YYYY-MM-DD'): move the
 * date with the text. The other pages take their <lastmod> from the catalogue (decision 151).
 */
export const CONTENT_UPDATED: Record<string, string> = {
  [paths.about]: PUBLISHED_DATE,
  [paths.contact]: PUBLISHED_DATE,
  [paths.privacy]: PUBLISHED_DATE,
  [paths.courseFinder]: "2026-11-26",
};

/** Pages that list the courses: they change whenever the course list does. */
const COURSE_LIST_PAGES = new Set<string>([paths.home, paths.allCourses, paths.careers]);

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** The <lastmod> of a fixed page: its copy's date, or the catalogue's change time where it shows the catalogue. */
export function pageLastmod(path: string, changes: CatalogueChanges, texts?: Record<string, string>): string {
  const own = texts?.[path];
  const base = COURSE_LIST_PAGES.has(path)
    ? later(changes.courses, PUBLISHED_DATE)
    : path === paths.shop
      ? later(changes.shop, PUBLISHED_DATE)
      : (CONTENT_UPDATED[path] ?? PUBLISHED_DATE);
  // The words the office publishes (decision 366) move a page's date too.
  return own ? later(base, own) : base;
}

/**
 * /sitemap.xml: every public page plus one entry per course of the live catalogue, each with a
 * <lastmod> from real change times (Google reads it when it is consistently accurate).
 */
export function sitemapXml(
  siteUrl: string,
  courses: readonly { slug: string; updated_at: string }[],
  changes: CatalogueChanges,
  texts?: { pages: Record<string, string>; posts: { slug: string; lastmod: string }[] },
): string {
  const entries = [
    ...SITEMAP_PATHS.map((p) => ({ path: p as string, lastmod: pageLastmod(p, changes, texts?.pages) })),
    ...courses.map((c) => ({ path: paths.course(c.slug), lastmod: c.updated_at })),
    ...(texts?.posts ?? []).map((p) => ({ path: paths.newsPost(p.slug), lastmod: p.lastmod })),
  ];
  const body = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeHtml(`${siteUrl}${path === "/" ? "/" : path}`)}</loc><lastmod>${escapeHtml(lastmod)}</lastmod></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * Nothing is disallowed: /cart, /payment/success and the 404 page keep themselves out of the
 * index with `noindex`, which crawlers only see when they may fetch the page (docs/decisions/150).
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}${paths.sitemap}\n`;
}
