/** The published texts on the site (website editing): identity over configuration, banner dates, news, RSS. */
import { describe, expect, it } from "vitest";
import type { PublishedWebsite } from "@app/contract";
import { defaultProvider } from "../../config/provider";
import { bannerShows } from "../banner";
import { newsFeedXml } from "../news-feed";
import { newsOf, previewToken, providerWith, textsLastmod } from "../website";

const identity = {
  name: "Bootle Security Academy",
  shortName: "BSA",
  street: "7 Stanley Road",
  locality: "Bootle",
  region: "Merseyside",
  postcode: "L20 3AB",
  country: "United Kingdom",
  area: "Liverpool",
  phone: "0151 922 1234",
  mobile: "07911 123456",
  email: "office@bootle-security.co.uk",
  whatsappUrl: "https://wa.me/447911123456",
  communityUrl: "",
  facebook: "https://facebook.com/bsa",
  twitter: "",
  instagram: "",
  youtube: "",
  openingHours: ["Monday to Friday, 9am to 5pm"],
};
const post = (slug: string, publishedOn: string) => ({
  slug,
  title: `Post ${slug}`,
  bodyHtml: `<p>${slug} & more</p>`,
  image: null,
  imageAlt: "",
  publishedOn,
});
const website = (version: number): PublishedWebsite => ({
  preview: false,
  sections: {
    identity: { version, publishedAt: "2026-11-26T10:00:00.000Z", body: identity },
    news: {
      version: 3,
      publishedAt: "2026-11-20T09:00:00.000Z",
      body: { items: [post("old", "2026-10-01"), post("future", "2099-01-01"), post("new", "2026-11-01")] },
    },
  },
});

describe("the published identity", () => {
  it("replaces the configured one once published; version 0 keeps the configuration", () => {
    expect(providerWith(defaultProvider, website(0))).toBe(defaultProvider);
    expect(providerWith(defaultProvider, null)).toBe(defaultProvider);
    const p = providerWith(defaultProvider, website(5));
    expect(p).toMatchObject({ name: "Bootle Security Academy", phone: "0151 922 1234", chatUrl: "https://wa.me/447911123456" });
    expect(p.address).toEqual({
      street: "7 Stanley Road",
      locality: "Bootle",
      region: "Merseyside",
      postcode: "L20 3AB",
      country: "United Kingdom",
    });
    expect(p.social.twitter).toBe("");
    expect(p.foundedYear).toBe(defaultProvider.foundedYear);
  });
});

describe("banner and news dates", () => {
  it("shows the banner from its first to its last day, both included", () => {
    const b = { textHtml: "<p>Closed</p>", startsOn: "2026-12-24", endsOn: "2026-12-27" };
    expect(bannerShows(b, "2026-12-23")).toBe(false);
    expect(bannerShows(b, "2026-12-24")).toBe(true);
    expect(bannerShows(b, "2026-12-27")).toBe(true);
    expect(bannerShows(b, "2026-12-28")).toBe(false);
    expect(bannerShows({ ...b, textHtml: "" }, "2026-12-25")).toBe(false);
    expect(bannerShows({ textHtml: "<p>x</p>", startsOn: null, endsOn: null }, "2030-01-01")).toBe(true);
  });

  it("lists posts from their publish day, newest first, in the feed and the sitemap", () => {
    const posts = newsOf(website(5), "2026-11-26");
    expect(posts.map((p) => p.slug)).toEqual(["new", "old"]);
    const xml = newsFeedXml("https://site.test", defaultProvider, posts);
    expect(xml).toContain("<link>https://site.test/news/new</link>");
    expect(xml).toContain("<description>&lt;p&gt;new &amp; more&lt;/p&gt;</description>");
    expect(xml).toContain("<pubDate>Sun, 01 Nov 2026 12:00:00 GMT</pubDate>");
    expect(xml).not.toContain("future");
    const lastmod = textsLastmod(website(5), "2026-11-26");
    expect(lastmod.pages["/contact"]).toBe("2026-11-26T10:00:00.000Z");
    expect(lastmod.posts).toEqual([
      { slug: "new", lastmod: "2026-11-20T09:00:00.000Z" },
      { slug: "old", lastmod: "2026-11-20T09:00:00.000Z" },
    ]);
    expect(textsLastmod(website(0), "2026-11-26").pages["/contact"]).toBe("1970-01-01T00:00:00.000Z");
  });

  it("reads a preview token only in the API's shape", () => {
    expect(previewToken("/?preview=abcdefghijklmnopqrstuvwxyz012345")).toBe("abcdefghijklmnopqrstuvwxyz012345");
    expect(previewToken("/?preview=<script>")).toBeNull();
    expect(previewToken("/")).toBeNull();
  });
});
