import { paths } from "../config/paths";
import type { ProviderConfig } from "../config/provider";
import { escapeHtml } from "./seo";
import type { NewsPost } from "./website";

/** RFC 822 date of a UK publish day (midday UTC, so no time zone moves it to another day). */
const rfc822 = (iso: string) => new Date(`${iso}T12:00:00Z`).toUTCString();

/** /news/rss.xml (RSS 2.0): the posts of /news, newest first, each with its full HTML. */
export function newsFeedXml(siteUrl: string, provider: ProviderConfig, posts: readonly NewsPost[]): string {
  const items = posts
    .map((p) => {
      const link = `${siteUrl}${paths.newsPost(p.slug)}`;
      return [
        "    <item>",
        `      <title>${escapeHtml(p.title)}</title>`,
        `      <link>${escapeHtml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
        `      <pubDate>${rfc822(p.publishedOn)}</pubDate>`,
        `      <description>${escapeHtml(p.bodyHtml)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeHtml(`${provider.name} news`)}</title>
    <link>${escapeHtml(`${siteUrl}${paths.news}`)}</link>
    <atom:link href="${escapeHtml(`${siteUrl}${paths.newsFeed}`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeHtml(`News from ${provider.name}`)}</description>
    <language>en-gb</language>
${items}
  </channel>
</rss>
`;
}
