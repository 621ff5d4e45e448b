import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, built, freePort, NodeProcess, sleep } from "./helpers";

/**
 * The admin's production server (apps/admin/server.mjs, decision 275) over HTTP, started as
 * production starts it, in front of the real `vite build` output. Issue 25: behind vite preview
 * the CSP took the API origin from start-up while the app took it from the build (every API call
 * blocked), unknown host names got 403, hashed assets were sent no-cache, the Home link said
 * localhost.
 */

const API = "https://api.bootle-training.test";
const SITE = "https://www.bootle-training.test";

/** GET with any Host header (fetch does not let a test choose it). */
function request(
  port: number,
  pathname: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the admin server in front of the built admin", () => {
  let server: NodeProcess;
  let port = 0;

  beforeAll(async () => {
    built("apps/admin/dist/index.html");
    port = await freePort();
    server = new NodeProcess(at("apps/admin/server.mjs"), {
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_API_URL: `${API}/`,
      PUBLIC_SITE_URL: SITE,
    });
    await server.ready(`http://127.0.0.1:${port}/healthz`);
  });
  afterAll(() => server?.stop());

  it("answers every host name with the app, its API and site addresses written in from the environment", async () => {
    for (const host of ["admin.bootle-training.test", "portal.another-name.co.uk", "203.0.113.7"]) {
      const res = await request(port, "/", { headers: { Host: host } });
      expect(res.status, host).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain(`<meta name="api-url" content="${API}" />`);
      expect(res.body).toContain(`<meta name="site-url" content="${SITE}" />`);
      expect(res.body).not.toContain("localhost");
    }
  });

  it("builds the CSP from the same PUBLIC_API_URL the app is given, and sends the security headers", async () => {
    const res = await request(port, "/login", { headers: { Host: "admin.bootle-training.test" } });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain(`connect-src 'self' ${API}`);
    expect(csp).toContain(`img-src 'self' data: blob: ${API}`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("localhost");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
  });

  it("sends index.html uncached, for / and for every app route (the SPA routes them)", async () => {
    for (const route of ["/", "/index.html", "/login", "/bookings/ABC123", "/trainings/new"]) {
      const res = await request(port, route);
      expect(res.status, route).toBe(200);
      expect(res.headers["cache-control"], route).toBe("no-cache");
      expect(res.body, route).toContain('<div id="root"></div>');
    }
  });

  it("caches Vite's hashed assets for a year, immutable, with the right types and the same headers", async () => {
    const index = await request(port, "/");
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(index.body)?.[1];
    expect(script).toBeTruthy();
    const js = await request(port, script!);
    expect(js.status).toBe(200);
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["content-security-policy"]).toContain(API);
    expect(Number(js.headers["content-length"])).toBe(readFileSync(at("apps/admin/dist", script!)).length);
    if (style) {
      const css = await request(port, style);
      expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    }
  });

  it("revalidates files without a hash (favicon) by ETag", async () => {
    const first = await request(port, "/favicon.svg");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-type"]).toBe("image/svg+xml");
    const again = await request(port, "/favicon.svg", { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers a missing asset or file with 404, never with the app's HTML", async () => {
    for (const missing of ["/assets/index-00000000.js", "/assets/gone.css", "/robots.txt", "/logo.png"]) {
      const res = await request(port, missing);
      expect(res.status, missing).toBe(404);
      expect(res.body, missing).not.toContain("<html");
    }
  });

  it("serves nothing outside dist/ (encoded dot segments)", async () => {
    for (const attempt of [
      "/..%2fserver.mjs",
      "/%2e%2e/server.mjs",
      "/assets/..%2f..%2fserver.mjs",
      "/..%2f..%2fpackage.json",
      "/%00",
    ]) {
      const res = await request(port, attempt);
      expect(res.body, attempt).not.toContain("createAdminServer");
      expect(res.body, attempt).not.toContain('"scripts"');
      expect([400, 404], attempt).toContain(res.status);
    }
  });

  it("refuses methods other than GET and HEAD with 405", async () => {
    const res = await request(port, "/login", { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    const head = await request(port, "/login", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });
});

describe("the admin server's configuration", () => {
  it("refuses to start with an API address that is not an absolute URL, naming the variable", async () => {
    built("apps/admin/dist/index.html");
    const server = new NodeProcess(at("apps/admin/server.mjs"), {
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      PUBLIC_API_URL: "api.bootle-training.test",
    });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.log).toContain("PUBLIC_API_URL must be an absolute URL");
  });
});

describe("the admin server on SIGTERM", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "admin-dist-"));
  // Large enough that the answer cannot sit whole in the sockets' buffers: it is still being
  // sent when SIGTERM arrives.
  const SIZE = 24 * 1024 * 1024;
  beforeAll(() => {
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head><title>Admin</title></head><body></body></html>");
    writeFileSync(path.join(dist, "assets", "big-0123abcd.js"), Buffer.alloc(SIZE, 0x61));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("finishes the answer in flight, refuses new connections, and exits 0 within 10 s", async () => {
    const port = await freePort();
    const server = new NodeProcess(at("apps/admin/server.mjs"), {
      HOST: "127.0.0.1",
      PORT: String(port),
      ADMIN_DIST_DIR: dist,
      PUBLIC_API_URL: API,
      PUBLIC_SITE_URL: SITE,
    });
    try {
      await server.ready(`http://127.0.0.1:${port}/healthz`);
      // An idle keep-alive connection as well: it must not hold the shutdown up.
      const agent = new http.Agent({ keepAlive: true });
      await new Promise<void>((resolve) =>
        http.get({ port, host: "127.0.0.1", path: "/healthz", agent }, (r) => r.resume().on("end", resolve)),
      );

      const socket = net.connect(port, "127.0.0.1");
      let received = 0;
      const done = new Promise<void>((resolve, reject) => {
        socket.on("data", (chunk: Buffer) => (received += chunk.length));
        socket.on("end", resolve);
        socket.on("error", reject);
      });
      socket.write("GET /assets/big-0123abcd.js HTTP/1.1\r\nHost: admin.bootle-training.test\r\nConnection: close\r\n\r\n");
      await new Promise((r) => socket.once("data", r));
      socket.pause();

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      await sleep(500);
      expect(server.running, "the process waits for the answer in flight").toBe(true);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      socket.resume();
      await done;
      expect(received).toBeGreaterThan(SIZE);
      const exit = await server.exited;
      expect(exit.code, server.log).toBe(0);
      expect(exit.at - signalled).toBeLessThan(10_000);
      agent.destroy();
    } finally {
      await server.stop();
    }
  });
});
