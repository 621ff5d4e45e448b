import { paths, SITEMAP_PATHS } from "../config/paths";
import { escapeHtml } from "./seo";

/** /sitemap.xml: every public page plus one entry per course of the live catalogue. */
export function sitemapXml(siteUrl: string, courses: readonly { slug: string }[]): string {
  const urls = [...SITEMAP_PATHS, ...courses.map((c) => paths.course(c.slug))];
  const body = urls
    .map((p) => `  <url><loc>${escapeHtml(`${siteUrl}${p === "/" ? "/" : p}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${paths.cart}\nDisallow: ${paths.paymentSuccess}\n\nSitemap: ${siteUrl}${paths.sitemap}\n`;
}
