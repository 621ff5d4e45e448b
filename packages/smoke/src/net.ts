/**
 * Node's side of the local HTTPS names: every name of the run resolves to 127.0.0.1 (as Chromium's
 * --host-resolver-rules does for the browser) and certificates are verified against Caddy's local
 * root certificate only, so a request that passes went through Caddy with a valid certificate.
 */
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import tls from "node:tls";

export const loopbackLookup: LookupFunction = (_hostname, options, callback) => {
  if (typeof options === "object" && options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
};

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request through Caddy, trusting only `ca`. */
export function httpsRequest(
  url: string,
  opts: { ca: string; method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? "GET",
        headers: opts.headers,
        ca: opts.ca,
        lookup: loopbackLookup,
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${opts.method ?? "GET"} ${url} timed out`)));
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The protocol Caddy agrees on over TLS for `host` (ALPN): 'h2' means HTTP/2. */
export function negotiatedProtocol(host: string, port: number, ca: string): Promise<string | false> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port, servername: host, ca, ALPNProtocols: ["h2", "http/1.1"] }, () => {
      const proto = socket.alpnProtocol ?? false;
      socket.end();
      resolve(proto);
    });
    socket.on("error", reject);
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port. */
export async function waitForPort(port: number, timeoutMs: number, alive: () => boolean, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.end();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (open) return;
    if (!alive()) throw new Error(`${what} exited before listening on port ${port}`);
    if (Date.now() > until) throw new Error(`${what} not listening on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
