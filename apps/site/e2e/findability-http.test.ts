/**
 * Findability and accessibility over plain HTTP, as crawlers and validators see the site: html-validate (recommended
 * preset, config in .htmlvalidate.mjs) finds 0 errors in the first HTML of every public route;
 * titles and descriptions fit; head tags and JSON-LD as Google documents them; /cart's first
 * HTML; robots.txt, sitemap lastmod, icons, stray paths and cache headers.
 */
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fetchHtml } from "./fixtures";

const siteUrl = inject("siteUrl");
const apiUrl = inject("apiUrl");
const SITE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

interface Course {
  slug: string;
  title: string;
  time: string;
  updated_at: string;
}

let courses: Course[] = [];
let pages: { path: string; status: number; html: string }[] = [];

const FIXED = [
  "/",
  "/all-courses",
  "/shop-page",
  "/about",
  "/contact",
  "/privacy",
  "/careers",
  "/cart",
  "/payment/success",
  "/no-such-page",
];

beforeAll(async () => {
  courses = (await (await fetch(`${apiUrl}/api/courses`)).json()) as Course[];
  const paths = [...FIXED, ...courses.map((c) => `/course/${c.slug}`)];
  pages = await Promise.all(paths.map(async (path) => ({ path, ...(await fetchHtml(`${siteUrl}${path}`)) })));
});

const attr = (html: string, re: RegExp) => re.exec(html)?.[1] ?? null;
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"');
const titleOf = (html: string) => decode(attr(html, /<title[^>]*>([^<]*)<\/title>/) ?? "");
const descriptionOf = (html: string) => decode(attr(html, /<meta name="description" content="([^"]*)"/) ?? "");
function graph(html: string): Record<string, unknown>[] {
  const raw = attr(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/);
  return (JSON.parse(raw!) as { "@graph": Record<string, unknown>[] })["@graph"];
}

describe("first HTML of every public route", () => {
  it("html-validate with the recommended preset reports 0 errors", async () => {
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const problems: string[] = [];
    for (const page of pages) {
      // The config is looked up from this file name: apps/site/.htmlvalidate.mjs.
      const report = await validator.validateString(
        page.html,
        join(SITE_ROOT, `route${page.path === "/" ? "-home" : page.path.replace(/\//g, "-")}.html`),
      );
      for (const result of report.results)
        for (const m of result.messages)
          if (m.severity === 2) problems.push(`${page.path}: ${m.ruleId} ${m.message} (${m.selector ?? ""})`);
    }
    expect(pages.length).toBeGreaterThan(FIXED.length);
    expect(problems).toEqual([]);
  });

  it("titles at most 60 characters in one pattern, descriptions at most 155 without a '…' cut", () => {
    for (const { path, html } of pages) {
      const title = titleOf(html);
      const description = descriptionOf(html);
      expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(60);
      expect(title, path).toMatch(/^.+ \| .+$/);
      expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(155);
      expect(description, path).not.toContain("…");
      expect(description, path).toMatch(/[.!?]$/);
    }
    expect(titleOf(pages.find((p) => p.path === "/contact")!.html)).toMatch(/^Contact Us \| /);
    for (const c of courses) expect(titleOf(pages.find((p) => p.path === `/course/${c.slug}`)!.html)).toContain(c.title);
  });

  it("fetchpriority in lower case, no article:published_time on og:type=website, no aria-label on an svg without role=img", () => {
    for (const { path, html } of pages) {
      expect(html, path).not.toContain("fetchPriority");
      expect(html, path).toContain('<meta property="og:type" content="website"');
      expect(html, path).not.toContain("article:published_time");
      for (const svg of html.match(/<svg\b[^>]*>/g) ?? [])
        if (/\saria-label=/.test(svg)) expect(svg, path).toMatch(/\srole="img"/);
    }
    expect(pages.find((p) => p.path === "/all-courses")!.html).toMatch(/<img[^>]*fetchpriority="high"/);
  });

  it("accordions are native details/summary elements", () => {
    for (const path of ["/", "/privacy"]) {
      const { html } = pages.find((p) => p.path === path)!;
      expect(html, path).toMatch(/<details[^>]*class="ui-accordion__item/);
      expect(html, path).toMatch(/<summary[^>]*class="ui-accordion__trigger"/);
      expect(html, path).not.toMatch(/role="region"/);
    }
    // Policy 'Health and Safety' open first; FAQ question 2 open first.
    expect(pages.find((p) => p.path === "/privacy")!.html.match(/<details[^>]*\sopen/g)).toHaveLength(1);
  });

  it("the home page has no one-item breadcrumb; the others have a trail of two or more", () => {
    for (const { path, html } of pages) {
      const crumbs = graph(html).find((n) => n["@type"] === "BreadcrumbList") as { itemListElement: unknown[] } | undefined;
      if (path === "/") expect(crumbs, path).toBeUndefined();
      else if (path !== "/no-such-page") expect(crumbs?.itemListElement.length, path).toBeGreaterThanOrEqual(2);
    }
  });

  it("every CourseInstance carries courseSchedule (or courseWorkload)", () => {
    let instances = 0;
    for (const c of courses) {
      const { html } = pages.find((p) => p.path === `/course/${c.slug}`)!;
      const course = graph(html).find((n) => n["@type"] === "Course") as { hasCourseInstance: Record<string, unknown>[] };
      for (const instance of course.hasCourseInstance) {
        instances += 1;
        expect(instance.courseMode).toBe("Onsite");
        expect(instance.courseSchedule ?? instance.courseWorkload).toBeTruthy();
        if (instance.courseSchedule) {
          expect(instance.courseSchedule).toMatchObject({
            "@type": "Schedule",
            repeatFrequency: "Daily",
            startDate: instance.startDate,
            endDate: instance.endDate,
          });
          expect((instance.courseSchedule as { duration: string }).duration).toMatch(/^PT\d+H(\d+M)?$/);
          expect((instance.courseSchedule as { repeatCount: number }).repeatCount).toBeGreaterThanOrEqual(1);
        }
      }
    }
    expect(instances).toBeGreaterThan(0);
  });

  it("course card pictures carry srcset and sizes for their slot", () => {
    const { html } = pages.find((p) => p.path === "/all-courses")!;
    const images = html.match(/<img[^>]*class="course-image"[^>]*>/g) ?? [];
    expect(images.length).toBe(courses.length);
    // Courses other test files add while this one reads the page have no picture: the fallback.
    const pictures = images.filter((img) => !/src="\/assets\/course-fallback-[^"]+\.svg"/.test(img));
    expect(pictures.length).toBeGreaterThanOrEqual(6); // the seeded courses all have one
    for (const img of pictures) {
      expect(img).toMatch(/srcset="[^"]+-small\.webp 400w, [^"]+-card\.webp 800w"/);
      expect(img).toMatch(/sizes="[^"]*\(min-width: 1024px\) 368px[^"]*"/);
    }
  });
});

describe("/cart", () => {
  it("answers the empty cart in the first HTML without the cart flag, the no-JavaScript state with it; noindex and crawlable", async () => {
    const { status, html } = pages.find((p) => p.path === "/cart")!;
    expect(status).toBe(200);
    // No cart flag cookie (decision 257): the browser holds no cart, so the server draws the empty one.
    expect(attr(html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe("Your Cart is Empty");
    expect(html).toContain('href="/all-courses"');
    const held = await fetchHtml(`${siteUrl}/cart`, { cookie: "cart_held=1" });
    expect(attr(held.html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe("Your Cart");
    const noscript = attr(held.html, /<noscript>([\s\S]*?)<\/noscript>/) ?? "";
    expect(noscript).toContain("needs JavaScript");
    expect(noscript).toContain('href="/all-courses"');
    expect(noscript).toMatch(/href="tel:\+44\d+"/);
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    // One way to keep it out of the index: noindex, which crawlers can only read when allowed in.
    const robots = await (await fetch(`${siteUrl}/robots.txt`)).text();
    expect(robots).not.toMatch(/^Disallow:\s*\/cart/m);
    expect(robots).not.toMatch(/^Disallow:\s*\/payment/m);
  });
});

describe("sitemap, icons and stray paths", () => {
  it("passes the API's course pictures through at the same path on the site's origin, and nothing else", async () => {
    // Decision 257: the largest picture of /all-courses comes over the page's own connection.
    const { html } = pages.find((p) => p.path === "/all-courses")!;
    const src = attr(html, /<img src="(\/api\/images\/[a-f0-9]{64}-card\.webp)"/);
    expect(src).toBeTruthy();
    const [viaSite, direct] = await Promise.all([fetch(`${siteUrl}${src}`), fetch(`${apiUrl}${src}`)]);
    expect(viaSite.status).toBe(200);
    expect(viaSite.headers.get("content-type")).toBe("image/webp");
    expect(viaSite.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await viaSite.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    // Only the API's own picture names: anything else is the site's 404, never a request to the API.
    for (const path of ["/api/images/not-a-picture.webp", `/api/images/${"0".repeat(64)}.png`, "/api/courses"]) {
      expect((await fetch(`${siteUrl}${path}`)).status, path).toBe(404);
    }
    const missing = await fetch(`${siteUrl}/api/images/${"0".repeat(64)}-card.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("every sitemap URL has a <lastmod>; courses carry their own change time", async () => {
    const xml = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    // The fixed pages (the course finder among them, course finder and prerequisites), /news (website editing) and one per course; no news post is published in this run.
    expect(urls.length).toBe(9 + courses.length);
    const changes = (await (await fetch(`${apiUrl}/api/catalogue/changes`)).json()) as { courses: string; shop: string };
    const byLoc = new Map(urls.map((u) => [attr(u, /<loc>([^<]+)<\/loc>/), attr(u, /<lastmod>([^<]+)<\/lastmod>/)]));
    for (const [loc, lastmod] of byLoc) expect(lastmod, loc ?? "").toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/);
    for (const c of courses) expect(byLoc.get(`${siteUrl}/course/${c.slug}`)).toBe(c.updated_at);
    expect(byLoc.get(`${siteUrl}/all-courses`)).toBe(changes.courses);
    expect(byLoc.get(`${siteUrl}/shop-page`)).toBe(changes.shop);
    expect(byLoc.get(`${siteUrl}/course-finder`)).toBe("2026-11-26");
  });

  it("/favicon.ico and /apple-touch-icon.png exist and the page links them", async () => {
    const ico = await fetch(`${siteUrl}/favicon.ico`);
    expect(ico.status).toBe(200);
    const icoBytes = Buffer.from(await ico.arrayBuffer());
    expect(icoBytes.readUInt16LE(2)).toBe(1); // ICO type
    const touch = await fetch(`${siteUrl}/apple-touch-icon.png`);
    expect(touch.status).toBe(200);
    expect(touch.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await touch.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(180);
    const home = pages.find((p) => p.path === "/")!.html;
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(home).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
  });

  it("/index.html answers the site's HTML 404 page, never a JSON one", async () => {
    for (const path of ["/index.html", "/.vite/manifest.json"]) {
      const { status, html, headers } = await fetchHtml(`${siteUrl}${path}`);
      expect(status, path).toBe(404);
      expect(headers.get("content-type"), path).toContain("text/html");
      expect(decode(html), path).toContain("Oops! The page you're looking for doesn't exist.");
    }
  });

  it("scripts are sent as the build compressed them: Brotli or gzip as the browser accepts, the file otherwise", async () => {
    // Decision 258: the build writes <file>.br and <file>.gz (scripts/precompress.ts).
    const home = pages.find((p) => p.path === "/")!.html;
    const app = attr(home, /<meta name="app-modules" content="(\/assets\/[^" ]+\.js)/);
    expect(app).toBeTruthy();
    const onDisk = join(SITE_ROOT, "dist-e2e/client", app!);
    const raw = (acceptEncoding: string | null) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
        const req = request(
          `${siteUrl}${app}`,
          { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on("error", fail);
        req.end();
      });
    for (const [accept, encoding, file] of [
      ["gzip, deflate, br, zstd", "br", `${onDisk}.br`],
      ["gzip", "gzip", `${onDisk}.gz`],
      [null, undefined, onDisk],
    ] as const) {
      const { headers, body } = await raw(accept);
      expect(headers["content-encoding"], String(accept)).toBe(encoding);
      expect(body.equals(await readFile(file)), String(accept)).toBe(true);
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers["vary"]).toMatch(/accept-encoding/i);
    }
  });

  it("SVGs are hashed assets with the year-long immutable cache", async () => {
    const html = [pages.find((p) => p.path === "/about")!.html, pages.find((p) => p.path === "/")!.html].join("");
    const svgs = [...new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.svg)"/g)].map((m) => m[1]!))];
    expect(svgs.length).toBeGreaterThanOrEqual(3);
    for (const svg of svgs) {
      expect(svg).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.svg$/);
      const res = await fetch(`${siteUrl}${svg}`);
      expect(res.status, svg).toBe(200);
      expect(res.headers.get("cache-control"), svg).toBe("public, max-age=31536000, immutable");
    }
  });
});
