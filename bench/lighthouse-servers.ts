/**
 * The processes `lighthouse.ts` measures with: the API test server and the site's production
 * server on free localhost ports (or the ones SITE_URL/API_URL name), Caddy in front when
 * LH_PROXY=caddy, and one headless Chromium. Each start pushes its stop onto `cleanup`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SITE_ROOT = path.join(ROOT, "apps/site");
export const PROXY = process.env.LH_PROXY === "caddy" ? "caddy" : null;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const READY_TIMEOUT_MS = 120_000;

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

export async function startServers(cleanup: (() => void)[]): Promise<{ siteUrl: string; apiUrl: string; directUrl: string }> {
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

export async function startChrome(cleanup: (() => void)[]): Promise<number> {
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
