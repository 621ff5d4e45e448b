/**
 * The nikto-equivalent checks (src/misconfig.ts) find what they look for: a server that names
 * itself, lists a folder, serves /.git/ and /.env, echoes TRACE and lacks the security headers
 * gives those findings; one configured as ours gives none. (The production smoke test runs the
 * same checks against the real site, admin and API behind Caddy.)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { misconfigurationFindings, type Fetcher } from "../src/misconfig";

const SAFE_HEADERS = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
};

function serve(careless: boolean): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (careless) {
      res.setHeader("server", "Apache/2.4.1 (Unix)");
      res.setHeader("x-powered-by", "Express");
      if (req.method === "TRACE") return res.end(`TRACE / HTTP/1.1\r\nx-nikto-probe: ${String(req.headers["x-nikto-probe"])}`);
      if (req.url === "/.git/HEAD") return res.end("ref: refs/heads/main\n");
      if (req.url === "/.env") return res.end("DATABASE_URL=postgres://u:p@db/x\n");
      if (req.url === "/assets/") return res.end("<h1>Index of /assets/</h1>");
      if (req.url === "/server.mjs.bak") return res.end("export default 1;");
      res.setHeader("content-type", "text/html");
      return res.end("<!doctype html><html><body>home</body></html>");
    }
    for (const [k, v] of Object.entries(SAFE_HEADERS)) res.setHeader(k, v);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.statusCode = 405;
      return res.end();
    }
    res.setHeader("content-type", "text/html");
    res.statusCode = req.url === "/" ? 200 : 404;
    res.end("<!doctype html><html><body>page</body></html>");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const fetcher: Fetcher = async (url, opts) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });

let careless: http.Server;
let careful: http.Server;
const origin = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
beforeAll(async () => {
  [careless, careful] = await Promise.all([serve(true), serve(false)]);
});
afterAll(() => {
  careless.close();
  careful.close();
});

describe("nikto-equivalent misconfiguration checks", () => {
  it("report a careless server's banner, headers, listing, dot and backup files and TRACE", async () => {
    const findings = await misconfigurationFindings(fetcher, [
      { name: "bad", origin: origin(careless), html: true, assets: "/assets/" },
    ]);
    const text = findings.join("\n");
    for (const expected of [
      "bad /: Server header names the software: Apache/2.4.1 (Unix)",
      "bad /: X-Powered-By names the software: Express",
      "bad /: no Strict-Transport-Security",
      "bad /: no X-Content-Type-Options: nosniff",
      "bad /: no Content-Security-Policy",
      "bad /: can be framed",
      "bad /assets/: directory listing",
      "bad /.git/HEAD: serves what looks like a secret or repository file",
      "bad /.env: serves what looks like a secret or repository file",
      "bad /server.mjs.bak: served",
      "bad /: TRACE answered 200",
      "bad /: TRACE echoes the request",
    ])
      expect(text).toContain(expected);
  });

  it("find nothing on a server configured as ours", async () => {
    expect(
      await misconfigurationFindings(fetcher, [{ name: "good", origin: origin(careful), html: true, assets: "/assets/" }]),
    ).toEqual([]);
  });
});
