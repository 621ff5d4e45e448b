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
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SITE_ROOT = path.join(ROOT, "apps/site");
const API_ROOT = path.join(ROOT, "apps/api");
const PROXY = process.env.LH_PROXY === "caddy" ? "caddy" : null;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const READY_TIMEOUT_MS = 120_000;

const TARGET = { score: 100, lcpMs: 1200, cls: 0.01, tbtMs: 50, homeJsKb: 60 };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/** Spawns a process in its own group; resolves when `pattern` shows in its output. */
function startProcess(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, pattern: RegExp) {
  return new Promise<{ child: ChildProcess; match: RegExpExecArray }>((ok, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`${name} not ready within ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        child.off("exit", onExit);
        ok({ child, match });
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    };
    // Keep draining both pipes so a chatty process never blocks.
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", onExit);
  });
}

function stop(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM"); // the whole group: pnpm/tsx wrap node
  } catch {
    child.kill("SIGTERM");
  }
}

async function startServers(cleanup: (() => void)[]): Promise<{ siteUrl: string; apiUrl: string; directUrl: string }> {
  if (process.env.SITE_URL) {
    const siteUrl = process.env.SITE_URL.replace(/\/$/, "");
    return { siteUrl, directUrl: siteUrl, apiUrl: (process.env.API_URL ?? "http://localhost:3000").replace(/\/$/, "") };
  }
  if (!existsSync(path.join(SITE_ROOT, "dist/server/entry-server.js"))) {
    throw new Error("apps/site/dist is missing: run `pnpm --filter site build` first (this benchmark builds nothing)");
  }
  const [sitePort, apiPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // The address the browser uses: the site server itself, or Caddy in front of it.
  const siteUrl = PROXY ? `https://localhost:${proxyPort}` : `http://localhost:${sitePort}`;
  let apiUrl = process.env.API_URL?.replace(/\/$/, "");
  if (!apiUrl) {
    apiUrl = `http://localhost:${apiPort}`;
    const api = await startProcess(
      "API test server",
      "pnpm",
      ["--filter", "api", "exec", "tsx", "src/cli/test-server.ts", "--port", String(apiPort)],
      ROOT,
      // The site's origin, so the API's CORS lets the browser call it.
      { NODE_ENV: "test", LOG_LEVEL: "warn", SITE_ORIGIN: siteUrl, PUBLIC_SITE_URL: siteUrl },
      /READY http:\/\/\S+/,
    );
    cleanup.push(() => stop(api.child));
  }
  const bundled = existsSync(path.join(SITE_ROOT, "dist/server.mjs"));
  const site = await startProcess(
    "site",
    bundled ? process.execPath : path.join(SITE_ROOT, "node_modules/.bin/tsx"),
    [bundled ? "dist/server.mjs" : "server.ts"],
    SITE_ROOT,
    {
      MALLOC_ARENA_MAX: "2",
      NODE_ENV: "production",
      // The repo's fictional identity (production refuses it otherwise; decision 265).
      SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
      HOST: "127.0.0.1",
      PORT: String(sitePort),
      API_URL: apiUrl,
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: siteUrl,
    },
    /READY http:\/\/\S+/,
  );
  cleanup.push(() => stop(site.child));
  if (PROXY) await startCaddy(cleanup, proxyPort, sitePort);
  return { siteUrl, apiUrl, directUrl: `http://localhost:${sitePort}` };
}

/** Caddy with deploy/Caddyfile's site block (compression, proxy), on https://localhost:<port>. */
async function startCaddy(cleanup: (() => void)[], port: number, sitePort: number) {
  const deployed = readFileSync(path.join(ROOT, "deploy/Caddyfile"), "utf8");
  const block = /\{\$SITE_ADDRESS[^}]*\}\s*\{([\s\S]*?)\n\}/.exec(deployed)?.[1];
  if (!block) throw new Error("deploy/Caddyfile: no site block found");
  const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-caddy-"));
  const config = path.join(dir, "Caddyfile");
  writeFileSync(
    config,
    `{\n\tadmin off\n\tauto_https disable_redirects\n\tskip_install_trust\n\tstorage file_system ${dir}/data\n}\n` +
      `https://localhost:${port} {\n\ttls internal${block.replace(/reverse_proxy\s+\S+/, `reverse_proxy 127.0.0.1:${sitePort}`)}\n}\n`,
  );
  const caddy = await startProcess(
    "Caddy",
    "caddy",
    ["run", "--config", config, "--adapter", "caddyfile"],
    dir,
    {},
    /serving initial configuration/,
  );
  cleanup.push(() => {
    stop(caddy.child);
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500).unref();
  });
}

async function startChrome(cleanup: (() => void)[]): Promise<number> {
  const profile = mkdtempSync(path.join(tmpdir(), "lighthouse-chrome-"));
  const chrome = await startProcess(
    "Chromium",
    CHROME_PATH,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--remote-debugging-port=0",
      // Caddy's local certificate authority is not installed in this throwaway profile.
      ...(PROXY ? ["--ignore-certificate-errors"] : []),
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    ROOT,
    {},
    /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
  );
  cleanup.push(() => {
    stop(chrome.child);
    setTimeout(() => rmSync(profile, { recursive: true, force: true }), 500).unref();
  });
  return Number(chrome.match[1]);
}

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  jsRequests: number;
  lcpElement: string;
  warnings: string[];
}

function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  // Bytes on the wire (compressed as served) of every script the page loaded.
  const requests = (
    (audit("network-requests")?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
    []
  ).filter((r) => r.resourceType === "Script");
  // Lighthouse 13 names the LCP element in the LCP breakdown insight (a node item).
  const lcpItems = (
    audit("lcp-breakdown-insight")?.details as { items?: { type?: string; selector?: string; nodeLabel?: string }[] } | undefined
  )?.items;
  const node = lcpItems?.find((i) => i.type === "node");
  const snippet = node ? `${node.selector ?? ""} "${(node.nodeLabel ?? "").replace(/\s+/g, " ").slice(0, 40)}"` : "";
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbtMs: num("total-blocking-time"),
    jsBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsRequests: requests.length,
    lcpElement: snippet,
    warnings: lhr.runWarnings,
  };
}

/** Failed audits of the performance category that cost score, for the "what to fix" list. */
function opportunities(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is NonNullable<typeof a> =>
        Boolean(a) &&
        a!.score !== null &&
        a!.score < 0.9 &&
        a!.scoreDisplayMode !== "informative" &&
        a!.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

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
