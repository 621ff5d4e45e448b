import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, built, freePort, NodeProcess, sleep } from "./helpers";

/**
 * deploy/Caddyfile (decision 276), with Debian's caddy (the package the Debian way installs):
 * it validates, refuses to start without the host names, and when running puts HTTPS, HTTP/2
 * and compression in front of all three host names, each to its own upstream. The admin
 * upstream is the real admin server; the site and API upstreams are small servers of the test
 * that say who they are, since what is checked here is Caddy's routing, not the apps.
 */

const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const CADDYFILE = at("deploy/Caddyfile");
// Skipped only off CI: CI (.ci/run) installs Caddy, so a missing one there fails instead of skipping.
const hasCaddy = existsSync(CADDY) || process.env.CI === "true";

const ADDRESSES = {
  SITE_ADDRESS: "www.shop.localhost",
  ADMIN_ADDRESS: "admin.shop.localhost",
  API_ADDRESS: "api.shop.localhost",
};

function validate(env: Record<string, string>) {
  return spawnSync(CADDY, ["validate", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tmpdir(), ...env },
    encoding: "utf8",
  });
}

describe.skipIf(!hasCaddy)("deploy/Caddyfile", () => {
  it("validates with the three host names (public certificates and Caddy's local CA)", () => {
    const variants: Record<string, string>[] = [
      { TLS_MODE: "" },
      { TLS_MODE: "local_certs", HTTPS_PORT: "8443", HTTP_PORT: "8080" },
    ];
    for (const extra of variants) {
      const result = validate({ ...ADDRESSES, SITE_ADDRESS: "www.example.co.uk", ...extra });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).toContain("Valid configuration");
    }
  });

  it("refuses to start without the host names", () => {
    const result = validate({ ADMIN_ADDRESS: ADDRESSES.ADMIN_ADDRESS, API_ADDRESS: ADDRESSES.API_ADDRESS });
    expect(result.status).not.toBe(0);
  });
});

describe.skipIf(!hasCaddy)("Caddy running deploy/Caddyfile in front of the three upstreams", () => {
  const home = mkdtempSync(path.join(tmpdir(), "caddy-test-"));
  let httpsPort = 0;
  let httpPort = 0;
  let caddy: ReturnType<typeof spawn> | null = null;
  const caddyLog: string[] = [];
  let admin: NodeProcess;
  const echoes: http.Server[] = [];
  let ca = "";

  /** An upstream that answers with its name, the Host and X-Forwarded-* it was given, padded to compress. */
  async function echo(name: string): Promise<number> {
    const port = await freePort();
    const server = http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          upstream: name,
          host: req.headers.host,
          forwardedFor: req.headers["x-forwarded-for"],
          proto: req.headers["x-forwarded-proto"],
          pad: "x".repeat(2000),
        }),
      );
    });
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    echoes.push(server);
    return port;
  }

  beforeAll(async () => {
    built("apps/admin/dist/index.html");
    const [sitePort, apiPort, adminPort] = [await echo("site"), await echo("api"), await freePort()];
    httpsPort = await freePort();
    httpPort = await freePort();
    admin = new NodeProcess(at("apps/admin/server.mjs"), {
      HOST: "127.0.0.1",
      PORT: String(adminPort),
      PUBLIC_API_URL: `https://${ADDRESSES.API_ADDRESS}:${httpsPort}`,
      PUBLIC_SITE_URL: `https://${ADDRESSES.SITE_ADDRESS}:${httpsPort}`,
    });
    await admin.ready(`http://127.0.0.1:${adminPort}/healthz`);

    caddy = spawn(CADDY, ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        XDG_DATA_HOME: path.join(home, "data"),
        XDG_CONFIG_HOME: path.join(home, "config"),
        ...ADDRESSES,
        TLS_MODE: "local_certs",
        HTTPS_PORT: String(httpsPort),
        HTTP_PORT: String(httpPort),
        CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
        SITE_UPSTREAM: `127.0.0.1:${sitePort}`,
        ADMIN_UPSTREAM: `127.0.0.1:${adminPort}`,
        API_UPSTREAM: `127.0.0.1:${apiPort}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (d) => caddyLog.push(String(d)));
    caddy.stderr?.on("data", (d) => caddyLog.push(String(d)));
    const root = path.join(home, "data", "caddy", "pki", "authorities", "local", "root.crt");
    for (let i = 0; i < 100 && !ca; i++) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog.join("")}`);
      if (existsSync(root)) {
        const answered = await get(ADDRESSES.ADMIN_ADDRESS, "/healthz", readFileSync(root, "utf8")).then(
          () => true,
          () => false,
        );
        if (answered) ca = readFileSync(root, "utf8");
      }
      if (!ca) await sleep(200);
    }
    if (!ca) throw new Error(`caddy never served HTTPS:\n${caddyLog.join("").slice(-3000)}`);
  }, 60_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill("SIGTERM");
      await new Promise((r) => caddy!.once("exit", r));
    }
    await admin?.stop();
    await Promise.all(echoes.map((s) => new Promise((r) => s.close(r))));
    rmSync(home, { recursive: true, force: true });
  });

  /** HTTPS to 127.0.0.1 under a host name (curl's --resolve), trusting Caddy's local CA only. */
  function get(
    host: string,
    pathname: string,
    caPem = ca,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          servername: host,
          path: pathname,
          ca: caPem,
          headers: { Host: `${host}:${httpsPort}`, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("sends each host name to its own upstream over HTTPS, with the client's address forwarded", async () => {
    const site = JSON.parse(String((await get(ADDRESSES.SITE_ADDRESS, "/all-courses")).body));
    expect(site).toMatchObject({
      upstream: "site",
      host: `${ADDRESSES.SITE_ADDRESS}:${httpsPort}`,
      forwardedFor: "127.0.0.1",
      proto: "https",
    });
    const api = JSON.parse(String((await get(ADDRESSES.API_ADDRESS, "/api/health")).body));
    expect(api).toMatchObject({ upstream: "api", host: `${ADDRESSES.API_ADDRESS}:${httpsPort}`, proto: "https" });
    const adminPage = await get(ADDRESSES.ADMIN_ADDRESS, "/login");
    expect(adminPage.status).toBe(200);
    expect(String(adminPage.body)).toContain(`<meta name="api-url" content="https://${ADDRESSES.API_ADDRESS}:${httpsPort}" />`);
    expect(adminPage.headers["content-security-policy"]).toContain(
      `connect-src 'self' https://${ADDRESSES.API_ADDRESS}:${httpsPort}`,
    );
    expect(adminPage.headers.server).toBeUndefined();
  });

  it("compresses answers (zstd or gzip)", async () => {
    const res = await get(ADDRESSES.ADMIN_ADDRESS, "/", ca, { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    const api = await get(ADDRESSES.API_ADDRESS, "/api/health", ca, { "Accept-Encoding": "zstd, gzip" });
    expect(["zstd", "gzip"]).toContain(api.headers["content-encoding"]);
  });

  it("speaks HTTP/2", async () => {
    const session = http2.connect(`https://${ADDRESSES.ADMIN_ADDRESS}:${httpsPort}`, {
      ca,
      servername: ADDRESSES.ADMIN_ADDRESS,
      lookup: (_host, options, callback) => {
        if (options.all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: "127.0.0.1", family: 4 }]);
        else (callback as (e: null, a: string, f: number) => void)(null, "127.0.0.1", 4);
      },
    });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = session.request({ ":path": "/healthz" });
        req.on("response", (h) => resolve(Number(h[":status"])));
        req.on("error", reject);
        req.end();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe("h2");
    } finally {
      session.close();
    }
  });

  it("redirects plain HTTP to HTTPS", async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port: httpPort, path: "/login", headers: { Host: ADDRESSES.ADMIN_ADDRESS } }, resolve)
        .on("error", reject),
    );
    res.resume();
    expect(res.statusCode).toBe(308);
    // (Caddy 2.6 names the HTTPS port only when the request named one; production uses 80/443.)
    expect(res.headers.location).toMatch(/^https:\/\/admin\.shop\.localhost(:\d+)?\/login$/);
  });
});
