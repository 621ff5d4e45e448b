import { paths, SITEMAP_PATHS } from "../app/paths";
import { escapeHtml } from "./seo";

/** /sitemap.xml: every public page plus one entry per course of the live catalogue. */
export function sitemapXml(siteUrl: string, courses: readonly { slug: string }[]): string {
  const urls = [...SITEMAP_PATHS, ...courses.map((c) => paths.course(c.slug))];
  const body = urls
    .map((p) => `  <url><loc>${escapeHtml(`${siteUrl}${p === "/" ? "/" : p}`)}</loc></url>`)
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
