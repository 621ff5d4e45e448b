import { describe, expect, it } from "vitest";
import { dailyHours, daysInclusive, instanceSchedule, isoHours } from "../course-schedule";
import { DESCRIPTION_MAX, pageTitle, sentences, TITLE_MAX } from "../seo";
import { pageJsonLd } from "../head";
import { robotsTxt, sitemapXml } from "../sitemap";
import { courseDescription } from "../../features/courses/courseMeta";
import { contactTitle } from "../../features/contact/ContactPage";
import { defaultProvider } from "../../config/provider";

const provider = { name: "Merseyside Door & Guard Training", shortName: "MDGT" };

describe("page titles", () => {
  it("use '{page} | {business}' with the full name when it fits in 60 characters, else the short name", () => {
    expect(pageTitle("About Us", provider)).toBe("About Us | Merseyside Door & Guard Training");
    expect(pageTitle("SIA Door Supervisor Course in Liverpool", provider)).toBe("SIA Door Supervisor Course in Liverpool | MDGT");
    expect(pageTitle("SIA Training Courses in Bootle, Liverpool", provider).length).toBeLessThanOrEqual(TITLE_MAX);
  });

  it("fall back to shorter wordings, and never pass 60 characters", () => {
    const long = "Level 3 Certificate for Working as a Close Protection Operative";
    expect(pageTitle(`${long} in Liverpool`, provider, long).length).toBeLessThanOrEqual(TITLE_MAX);
    expect(
      pageTitle(
        "Emergency First Aid at Work and Fire Marshal in Liverpool",
        provider,
        "Emergency First Aid at Work and Fire Marshal",
      ),
    ).toBe("Emergency First Aid at Work and Fire Marshal | MDGT");
  });

  it("/contact: 'Contact Us' and the short name, in the same pattern", () => {
    expect(contactTitle(provider)).toBe("Contact Us | MDGT");
  });
});

describe("descriptions", () => {
  it("are whole sentences within the limit, never cut with '…'", () => {
    const text =
      "First sentence is here. Second one is a little longer than the first. Third sentence would pass the limit by far, so it is left out entirely.";
    expect(sentences(text, 80)).toBe("First sentence is here. Second one is a little longer than the first.");
    expect(sentences("One very long sentence without any stop that goes on and on", 20, "fallback")).toBe("fallback");
    // A decimal point is no sentence end; a text without a final stop ends nothing.
    expect(sentences("It costs £99.50 for the day. More text follows here and goes on.", 40)).toBe(
      "It costs £99.50 for the day.",
    );
    expect(sentences("Short one. And then a tail without a stop that is long enough", 30)).toBe("Short one.");
  });

  it("a course's description: its opening sentences, else one written from its facts", () => {
    const long = `${"A".repeat(10)} ${"word ".repeat(40)}without a full stop for a long while and then more words. Short end.`;
    const written = courseDescription(
      { title: "CCTV Operator Course", description: long, duration: "3 Days", fee: 199 },
      "Bootle, Liverpool",
    );
    expect(written).toBe(
      "CCTV Operator Course in Bootle, Liverpool: 3 Days, £199.00. SIA-approved training with results and certificate within 4 working days.",
    );
    expect(written.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    const own = courseDescription(
      { title: "X", description: "A short course. It teaches things.", duration: "1 Day", fee: 50 },
      "Bootle, Liverpool",
    );
    expect(own).toBe("A short course. It teaches things.");
    expect(written).not.toContain("…");
  });
});

describe("JSON-LD of a page", () => {
  const config = {
    siteUrl: "https://example.com",
    publicApiUrl: "https://api.example.com",
    adminLoginUrl: "",
    provider: defaultProvider,
  };
  const meta = { title: "t", description: "d", keywords: [], path: "/", breadcrumbs: [] };
  it("has no one-item breadcrumb on the home page, and a trail below it", () => {
    const home = pageJsonLd(meta, config)["@graph"] as Record<string, unknown>[];
    expect(home.some((n) => n["@type"] === "BreadcrumbList")).toBe(false);
    expect(home.find((n) => n["@type"] === "WebPage")).not.toHaveProperty("breadcrumb");
    const about = pageJsonLd({ ...meta, path: "/about", breadcrumbs: [{ name: "About Us", path: "/about" }] }, config)[
      "@graph"
    ] as Record<string, unknown>[];
    const trail = about.find((n) => n["@type"] === "BreadcrumbList") as { itemListElement: unknown[] };
    expect(trail.itemListElement).toHaveLength(2);
  });
});

describe("course schedule", () => {
  it("reads the daily hours of the course times", () => {
    expect(dailyHours("9 am - 6pm")).toBe(9);
    expect(dailyHours("10 am - 5pm")).toBe(7);
    expect(dailyHours("8 am - 4pm")).toBe(8);
    expect(dailyHours("8:30 am - 4pm")).toBe(7.5);
    expect(dailyHours("evenings")).toBeNull();
    expect(isoHours(7.5)).toBe("PT7H30M");
    expect(daysInclusive("2030-03-12", "2030-03-14")).toBe(3);
  });

  it("gives every instance a daily Schedule, or a workload when the hours are unreadable", () => {
    expect(instanceSchedule({ startDate: "2030-03-12", endDate: "2030-03-14" }, "9 am - 6pm")).toEqual({
      courseSchedule: {
        "@type": "Schedule",
        repeatFrequency: "Daily",
        repeatCount: 3,
        duration: "PT9H",
        startDate: "2030-03-12",
        endDate: "2030-03-14",
      },
    });
    expect(instanceSchedule({ startDate: "2030-03-12", endDate: "2030-03-12" }, "flexible")).toEqual({ courseWorkload: "P1D" });
  });
});

describe("robots.txt", () => {
  it("blocks nothing, so crawlers can read the noindex of /cart and /payment/success", () => {
    const robots = robotsTxt("https://example.com");
    expect(robots).not.toMatch(/Disallow: \/\S/);
    expect(robots).toContain("Sitemap: https://example.com/sitemap.xml");
  });
});

describe("sitemap", () => {
  it("gives every URL a <lastmod>: courses their own change time, list pages the catalogue's, other pages their copy's date", () => {
    const changes = { courses: "2030-05-01T10:00:00.000Z", shop: "2030-04-01T09:00:00.000Z" };
    const xml = sitemapXml("https://example.com", [{ slug: "cctv", updated_at: "2030-03-01T08:00:00.000Z" }], changes);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [m[1], m[2]]);
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    expect(Object.fromEntries(urls)).toEqual({
      "https://example.com/": changes.courses,
      "https://example.com/all-courses": changes.courses,
      "https://example.com/careers": changes.courses,
      "https://example.com/shop-page": changes.shop,
      "https://example.com/about": "2025-02-10",
      "https://example.com/contact": "2025-02-10",
      "https://example.com/privacy": "2025-02-10",
      "https://example.com/news": "2025-02-10",
      "https://example.com/course-finder": "2026-11-26",
      "https://example.com/course/cctv": "2030-03-01T08:00:00.000Z",
    });
  });

  it("moves a page's <lastmod> with the texts the office published, and lists each news post (website editing)", () => {
    const changes = { courses: "2030-05-01T10:00:00.000Z", shop: "2030-04-01T09:00:00.000Z" };
    const texts = {
      pages: { "/": "2030-06-01T12:00:00.000Z", "/privacy": "2030-07-01T12:00:00.000Z" },
      posts: [{ slug: "open-day", lastmod: "2030-07-02T00:00:00.000Z" }],
    };
    const xml = sitemapXml("https://example.com", [], changes, texts);
    const urls = Object.fromEntries(
      [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [m[1], m[2]]),
    );
    expect(urls["https://example.com/"]).toBe("2030-06-01T12:00:00.000Z");
    expect(urls["https://example.com/privacy"]).toBe("2030-07-01T12:00:00.000Z");
    expect(urls["https://example.com/about"]).toBe("2025-02-10");
    expect(urls["https://example.com/news/open-day"]).toBe("2030-07-02T00:00:00.000Z");
  });
});
