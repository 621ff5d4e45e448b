/**
 * Lighthouse (mobile, the default config: simulated slow 4G and a 4x slower CPU) on the public
 * site's production build. Performance's phone targets: performance 100, LCP <= 1.2 s, CLS <= 0.01,
 * TBT <= 50 ms on every page, and the first load of `/` at most 60 KB of JavaScript (on the wire).
 *
 *   pnpm --filter site build && pnpm --filter @app/bench lighthouse
 *   SITE_URL=http://localhost:5550 API_URL=http://localhost:3550 pnpm --filter @app/bench lighthouse
 *   LH_RUNS=3 LH_PAGES=/,/contact LH_JSON_DIR=/tmp/lh pnpm --filter @app/bench lighthouse
 *
 * It builds nothing: without SITE_URL it starts the API test server (fresh seeded database) and
 * `apps/site/server.ts` in production mode over the existing `apps/site/dist`, both on free
 * localhost ports, and stops them at the end. With SITE_URL (and API_URL, used to find a course)
 * it measures servers you started. Each page is measured LH_RUNS times (default 3) in a fresh tab
 * of one headless Chromium (CHROME_PATH, default /usr/bin/chromium); the median run is printed.
 * The site server runs as production runs it: its bundle (`dist/server.mjs`) with plain node.
 *
 * LH_PROXY=caddy puts Caddy in front of the site as the production set-up does (deploy/Caddyfile:
 * HTTPS with HTTP/2, zstd/gzip; decision 134), with Caddy's local certificate authority, so the
 * pages are measured with and without the proxy (`caddy` from Debian's package on PATH).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { figures, median, opportunities, TARGET, type Figures } from "./lighthouse-figures";
import { PROXY, startChrome, startServers } from "./lighthouse-servers";

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));

const cleanup: (() => void)[] = [];
const stopAll = () =>
  cleanup
    .splice(0)
    .reverse()
    .forEach((f) => f());
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

let failed = false;
try {
  const { siteUrl, apiUrl, directUrl } = await startServers(cleanup);
  const courses = (await (await fetch(`${apiUrl}/api/courses`)).json()) as { slug: string }[];
  const pages = process.env.LH_PAGES?.split(",") ?? [
    "/",
    "/all-courses",
    `/course/${encodeURIComponent(courses[0]?.slug ?? "missing")}`,
    "/contact",
    // Empty: Lighthouse starts every run with cleared storage, and the cart lives in local storage.
    "/cart",
  ];
  const port = await startChrome(cleanup);
  const jsonDir = process.env.LH_JSON_DIR;
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });

  // Warm the server (first render compiles templates, the API fills its cache) outside the runs.
  for (const p of pages) await fetch(directUrl + p);

  console.info(
    `Lighthouse mobile, ${RUNS} run(s) per page, median shown; ${siteUrl}${PROXY ? " (Caddy in front: HTTPS, HTTP/2, zstd/gzip)" : " (the site server directly: HTTP/1.1)"}\n`,
  );
  console.info(
    `${"page".padEnd(44)} ${"score".padStart(5)} ${"FCP".padStart(7)} ${"LCP".padStart(7)} ${"CLS".padStart(6)} ${"TBT".padStart(6)} ${"JS (wire)".padStart(12)}  runs (score)`,
  );
  for (const page of pages) {
    const runs: Figures[] = [];
    let last: Result | undefined;
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(siteUrl + page, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (result.lhr.runtimeError) {
        // e.g. NO_FCP when the shared machine stalls: a failed run, not a figure.
        console.warn(`${page}: run ${i + 1} failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        continue;
      }
      last = result.lhr;
      runs.push(figures(result.lhr));
      if (jsonDir)
        writeFileSync(
          path.join(jsonDir, `${page.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "_") || "home"}-${i + 1}.json`),
          JSON.stringify(result.lhr),
        );
    }
    if (!runs.length) {
      failed = true;
      console.info(`${page.padEnd(44)} every run failed`);
      continue;
    }
    const m: Figures = {
      ...runs[0]!,
      score: median(runs.map((r) => r.score)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      cls: median(runs.map((r) => r.cls)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      jsBytes: median(runs.map((r) => r.jsBytes)),
    };
    const misses = [
      m.score < TARGET.score && `score < ${TARGET.score}`,
      m.lcpMs > TARGET.lcpMs && `LCP > ${TARGET.lcpMs} ms`,
      m.cls > TARGET.cls && `CLS > ${TARGET.cls}`,
      m.tbtMs > TARGET.tbtMs && `TBT > ${TARGET.tbtMs} ms`,
      page === "/" && m.jsBytes / 1024 > TARGET.homeJsKb && `JS > ${TARGET.homeJsKb} KB`,
    ].filter(Boolean);
    if (misses.length) failed = true;
    console.info(
      `${page.padEnd(44)} ${String(m.score).padStart(5)} ${`${(m.fcpMs / 1000).toFixed(2)} s`.padStart(7)} ${`${(m.lcpMs / 1000).toFixed(2)} s`.padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${`${Math.round(m.tbtMs)} ms`.padStart(6)} ${`${(m.jsBytes / 1024).toFixed(1)} KB/${m.jsRequests}`.padStart(12)}  ${runs.map((r) => r.score).join(" ")}${misses.length ? `   MISSED: ${misses.join(", ")}` : ""}`,
    );
    console.info(`${"".padEnd(44)} LCP element: ${m.lcpElement || "(none)"}`);
    const todo = last ? opportunities(last) : [];
    if (todo.length) console.info(`${"".padEnd(44)} to look at: ${todo.join("; ")}`);
    const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
    if (warnings.length)
      console.info(`${"".padEnd(44)} warnings: ${warnings.map((w) => w.replace(/\s+/g, " ").slice(0, 160)).join(" | ")}`);
  }
  console.info(
    `\nTargets (performance): score ${TARGET.score}, LCP <= ${TARGET.lcpMs / 1000} s, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbtMs} ms, JS of / <= ${TARGET.homeJsKb} KB gzipped` +
      " (apps/site/scripts/first-load-size.mjs measures the gzipped size; the column shows the wire).",
  );
  console.info(
    "JS (wire) = bytes transferred for scripts as the server compressed them (br/gzip per Accept-Encoding) / number of scripts.",
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  stopAll();
}
process.exitCode = failed ? 1 : 0;
