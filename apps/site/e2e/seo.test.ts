/**
 * What a crawler or a link preview sees: each public route fetched over plain HTTP, without
 * JavaScript, carries its title, description, canonical link, social tags, JSON-LD and main
 * heading; unknown paths answer 404; sitemap and robots come from the live catalogue.
 */
import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { fetchHtml } from "./fixtures";
import { FAQ } from "../src/content/faq";

const siteUrl = inject("siteUrl");
const apiUrl = inject("apiUrl");

async function courses(): Promise<{ slug: string; title: string; fee: number }[]> {
  const response = await fetch(`${apiUrl}/api/courses`);
  expect(response.status).toBe(200);
  return (await response.json()) as { slug: string; title: string; fee: number }[];
}

function attr(html: string, re: RegExp): string | null {
  return re.exec(html)?.[1] ?? null;
}

function jsonLd(html: string): Record<string, unknown>[] {
  const raw = attr(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/);
  expect(raw, "JSON-LD script").not.toBeNull();
  const parsed = JSON.parse(raw!) as { "@graph": Record<string, unknown>[] };
  return parsed["@graph"];
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

const PAGES: { path: string; h1: RegExp | null }[] = [
  { path: "/", h1: /Get your SIA licence/ },
  { path: "/all-courses", h1: /SIA Training in Liverpool - / },
  { path: "/shop-page", h1: /Get The Best Security Kits/ },
  { path: "/about", h1: /About Us/ },
  { path: "/contact", h1: /Contact Us/ },
  { path: "/privacy", h1: /Privacy Policy/ },
  { path: "/careers", h1: /Site Map/ },
  // The cart lives in the browser's storage: the server sends its heading, a no-JavaScript state and the head tags.
  // Without the cart flag cookie the server draws the empty cart itself (decision 257).
  { path: "/cart", h1: /^Your Cart is Empty$/ },
  { path: "/payment/success", h1: /Payment/ },
];

describe("server-rendered HTML", () => {
  for (const page of PAGES) {
    it(`${page.path} carries title, description, canonical, social tags, JSON-LD and its heading`, async () => {
      const { status, html, headers } = await fetchHtml(`${siteUrl}${page.path}`);
      expect(status).toBe(200);
      expect(headers.get("content-type")).toContain("text/html");
      expect(attr(html, /<title[^>]*>([^<]+)<\/title>/)).toBeTruthy();
      expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
      expect(attr(html, /<meta name="keywords" content="([^"]+)"/)).toBeTruthy();
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl}${page.path}`);
      expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
      expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${siteUrl}${page.path}`);
      expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
      const graph = jsonLd(html);
      const webPage = graph.find((n) => n["@type"] === "WebPage");
      expect(webPage?.datePublished).toBe("2025-02-10");
      // The home page is the trail's only item: no one-item breadcrumb there.
      expect(graph.some((n) => n["@type"] === "BreadcrumbList")).toBe(page.path !== "/");
      if (page.h1) {
        const h1 = attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/);
        expect(text(h1 ?? "")).toMatch(page.h1);
      }
      // CSP script-src 'self' plus one hash: hydration data is JSON; the only inline executable
      // script is the boot module (decision 245), and the policy allows exactly that text.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
      const executable = inline.filter((m) => !/type="application\/(ld\+)?json"/.test(m[1] ?? ""));
      expect(executable.map((m) => m[1])).toEqual([' type="module"']);
      const bootHash = `'sha256-${createHash("sha256").update(executable[0]![2]!).digest("base64")}'`;
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'self' ${bootHash}`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("strict-transport-security")).toContain("max-age=31536000");
    });
  }

  it("/all-courses lists every course in its HTML and an ItemList in JSON-LD", async () => {
    const list = await courses();
    const { html } = await fetchHtml(`${siteUrl}/all-courses`);
    const itemList = jsonLd(html).find((n) => n["@type"] === "ItemList") as { itemListElement: { url: string }[] } | undefined;
    expect(itemList?.itemListElement.map((i) => i.url)).toEqual(list.map((c) => `${siteUrl}/course/${c.slug}`));
    for (const c of list) expect(text(html)).toContain(c.title);
  });

  it("a course page carries the course's title, meta tags and a Course with provider and offers", async () => {
    const [course] = await courses();
    const { status, html } = await fetchHtml(`${siteUrl}/course/${course!.slug}`);
    expect(status).toBe(200);
    expect(attr(html, /<title[^>]*>([^<]+)<\/title>/)).toContain(course!.title);
    expect(text(attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/) ?? "")).toBe(course!.title);
    const ld = jsonLd(html).find((n) => n["@type"] === "Course") as
      | { name?: string; provider?: { name?: string }; offers?: unknown }
      | undefined;
    expect(ld?.name).toBe(course!.title);
    expect(ld?.provider?.name).toBeTruthy();
    expect(ld?.offers).toMatchObject({ "@type": "Offer", priceCurrency: "GBP", price: course!.fee.toFixed(2) });
    const crumbs = jsonLd(html).find((n) => n["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "SIA Courses", course!.title]);
    // The booking block is in the first HTML too: dates with places, the add-to-cart button.
    expect(html).toMatch(/places? left|Fully booked/);
    expect(html).toContain("Add to Cart");
  });

  it("a course's JSON-LD has the recommended properties: language, credential, prerequisites, an instructor per date; the organisation its logo and description", async () => {
    const list = await courses();
    const { html } = await fetchHtml(`${siteUrl}/course/${list[0]!.slug}`);
    const graph = jsonLd(html);
    const ld = graph.find((n) => n["@type"] === "Course") as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(ld.inLanguage).toBe("en-GB");
    expect(ld.educationalCredentialAwarded).toMatchObject({
      "@type": "EducationalOccupationalCredential",
      name: `${list[0]!.title} certificate`,
      credentialCategory: "certificate",
    });
    const entry = FAQ.find((f) => f.id === "entry-requirements")!;
    expect(ld.coursePrerequisites).toBe(entry.answer[0]);
    expect(ld.hasCourseInstance.length).toBeGreaterThan(0);
    for (const instance of ld.hasCourseInstance) {
      // No trainer is named for a date: the provider, as an organisation, is the instructor.
      expect(instance.instructor).toMatchObject({
        "@type": "Organization",
        "@id": `${siteUrl}/#organization`,
        name: ld.provider.name,
      });
    }
    const org = graph.find((n) => n["@id"] === `${siteUrl}/#organization`) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(org.description).toMatch(/family-run, SIA-approved training centre in Bootle/);
    expect(org.logo).toMatchObject({ "@type": "ImageObject", url: `${siteUrl}/apple-touch-icon.png`, width: 180, height: 180 });
    const logo = await fetch(org.logo.url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toContain("image/png");
    // Every page carries the organisation with its logo and description.
    const home = jsonLd((await fetchHtml(`${siteUrl}/`)).html).find((n) => n["@id"] === `${siteUrl}/#organization`);
    expect(home).toMatchObject({ logo: org.logo, description: org.description });
  });

  it("answers 404 for an unknown path and an unknown course slug", async () => {
    for (const path of ["/nope", "/course/no-such-course", "/a/b/c"]) {
      const { status, html } = await fetchHtml(`${siteUrl}${path}`);
      expect(status, path).toBe(404);
      expect(text(html)).toContain("Oops! The page you're looking for doesn't exist.");
      expect(html).toContain('content="noindex, follow"');
    }
  });

  it("/login sends the visitor to the admin portal's login screen", async () => {
    const { status, headers } = await fetchHtml(`${siteUrl}/login`);
    expect(status).toBe(302);
    expect(headers.get("location")).toBe("http://localhost:5174/login");
  });

  it("/sitemap.xml lists every page and every course of the live catalogue; robots.txt points to it", async () => {
    const list = await courses();
    const sitemap = await fetch(`${siteUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ["/", "/all-courses", "/shop-page", "/about", "/contact", "/privacy", "/careers"])
      expect(locs).toContain(`${siteUrl}${p}`);
    for (const c of list) expect(locs).toContain(`${siteUrl}/course/${c.slug}`);
    const robots = await (await fetch(`${siteUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it("asks for nothing before the first paint: no script, preload or stylesheet requests (decision 245)", async () => {
    const { html } = await fetchHtml(`${siteUrl}/`);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(head).not.toMatch(/rel="(modulepreload|preload)"/);
    // Stylesheets are inlined; their links are disabled (never fetched) markers for the chunk loader.
    const links = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => /\bdisabled\b/.test(l))).toBe(true);
    expect(head).toMatch(/<style data-href="\/assets\/[^"]+\.css">/);
    // The font stack that wins (the site's, after @app/ui's) starts with "Inter Web", which only the
    // boot module defines, after the first paint: no font request before it.
    const stacks = [...head.matchAll(/--ui-font-sans:\s*([^;}]+)/g)].map((m) => m[1]!);
    expect(stacks.at(-1)).toMatch(/^"Inter Web", "Inter Fallback"/);
    expect(head).not.toMatch(/font-family:\s*"?Inter Web/);
    const modules = attr(html, /<meta name="app-modules" content="([^"]+)"/)?.split(" ") ?? [];
    expect(modules[0]).toMatch(/^\/assets\/app-[\w-]+\.js$/);
    expect(modules.some((m) => /\/HomePage-[\w-]+\.js$/.test(m))).toBe(true);
  });

  it("serves hashed assets with a long immutable cache", async () => {
    const { html } = await fetchHtml(`${siteUrl}/`);
    // The app entry chunk, which the inline boot module imports after the first paint.
    const script = attr(html, /<meta name="app-modules" content="([^" ]+)/);
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await fetch(`${siteUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });
});
