/**
 * The checks of nikto (a web-server scanner, neither in Debian main nor on npm, so it cannot be
 * installed here; decision 318) that apply to our three hosts behind Caddy, written out:
 * server banners, missing security headers, clickjacking, directory listings, dot and backup
 * files (/.git/, /.env, *.bak…), TRACE/TRACK echoing the request, methods advertised by OPTIONS,
 * and the default files of common servers. Each finding is a line naming host, path and problem.
 */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
export type Fetcher = (url: string, opts: { method?: string; headers?: Record<string, string> }) => Promise<Answer>;

export interface Host {
  name: string;
  /** Origin, e.g. https://www.example.localhost:8443 */
  origin: string;
  /** Serves HTML pages (site, admin): these need the page headers too. */
  html: boolean;
  /** A folder of built files it serves, checked for a listing (e.g. /assets/). */
  assets?: string;
}

/** Dot files, backups and source files nikto asks every server for. */
export const EXPOSED_FILES = [
  "/.git/HEAD",
  "/.git/config",
  "/.env",
  "/.env.production",
  "/.npmrc",
  "/.htaccess",
  "/.htpasswd",
  "/.DS_Store",
  "/.svn/entries",
  "/package.json",
  "/pnpm-lock.yaml",
  "/server.mjs",
  "/server.mjs.bak",
  "/index.html.bak",
  "/index.html~",
  "/index.bak",
  "/backup.zip",
  "/backup.tar.gz",
  "/dist.tar.gz",
  "/database.sql",
  "/dump.sql",
  "/docker-compose.yml",
  "/Dockerfile",
];

/** Default and status files of common servers and frameworks. */
export const DEFAULT_FILES = [
  "/server-status",
  "/server-info",
  "/phpinfo.php",
  "/info.php",
  "/test.php",
  "/README.md",
  "/CHANGELOG.md",
  "/elmah.axd",
  "/web.config",
  "/wp-login.php",
  "/admin.php",
  "/console",
  "/debug",
  "/_debug",
  "/config/", // Caddy's admin API shape: must never be reachable through a public name
  "/metrics",
];

/** What a secret or source file looks like, whatever status it is served with. */
const LEAK = /ref: refs\/|\[core\]|repositoryformatversion|^[A-Z][A-Z0-9_]{2,}=\S/m;
const header = (a: Answer, name: string) => {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
};
/** An SPA or 404 page in HTML is not the file asked for. */
const isPage = (a: Answer) => /text\/html/.test(header(a, "content-type") ?? "") && /<html[\s>]/i.test(a.body);

export async function misconfigurationFindings(fetcher: Fetcher, hosts: Host[]): Promise<string[]> {
  const findings: string[] = [];
  const found = (host: Host, path: string, problem: string) => findings.push(`${host.name} ${path}: ${problem}`);

  await Promise.all(
    hosts.map(async (host) => {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetcher(`${host.origin}${path}`, { headers: { accept: "*/*", ...headers } });

      // Banners and headers, on the front page and on a missing one (error pages are often bare).
      for (const path of ["/", "/no-such-path-nikto"]) {
        const a = await get(path, host.html ? { accept: "text/html" } : {});
        const server = header(a, "server");
        if (server) found(host, path, `Server header names the software: ${server}`);
        const powered = header(a, "x-powered-by");
        if (powered) found(host, path, `X-Powered-By names the software: ${powered}`);
        if (header(a, "x-aspnet-version") || header(a, "x-runtime")) found(host, path, "a framework header names the software");
        const hsts = Number(/max-age=(\d+)/.exec(header(a, "strict-transport-security") ?? "")?.[1] ?? 0);
        if (hsts < 180 * 24 * 3600) found(host, path, "no Strict-Transport-Security of at least 180 days");
        if (header(a, "x-content-type-options") !== "nosniff") found(host, path, "no X-Content-Type-Options: nosniff");
        if (host.html && a.status < 500) {
          const csp = header(a, "content-security-policy") ?? "";
          if (!csp) found(host, path, "no Content-Security-Policy");
          if (!/^(DENY|SAMEORIGIN)$/i.test(header(a, "x-frame-options") ?? "") && !/frame-ancestors/.test(csp))
            found(host, path, "can be framed (no X-Frame-Options nor frame-ancestors): clickjacking");
          if (!header(a, "referrer-policy")) found(host, path, "no Referrer-Policy");
        }
        if (/at \S+ \(\/|node:internal|\/node_modules\//.test(a.body)) found(host, path, "a stack trace in the answer");
      }

      // A directory of built files must not list its contents.
      for (const path of [host.assets, "/.git/", "/node_modules/"].filter(Boolean) as string[]) {
        const a = await get(path);
        if (a.status === 200 && /Index of \/|Directory listing|Parent Directory/i.test(a.body))
          found(host, path, "directory listing");
      }

      // Dot, backup and default files: absent (any 4xx) or the app's own page, never the file.
      for (const path of [...EXPOSED_FILES, ...DEFAULT_FILES]) {
        const a = await get(path);
        if (LEAK.test(a.body)) found(host, path, `serves what looks like a secret or repository file (${a.status})`);
        else if (a.status === 200 && !isPage(a) && a.body.length > 0)
          found(host, path, `served (${header(a, "content-type") ?? "no type"}, ${a.body.length} bytes)`);
        else if (a.status >= 500) found(host, path, `server error ${a.status}`);
      }

      // TRACE/TRACK echo the request (cross-site tracing); OPTIONS should not advertise writes on pages.
      for (const method of ["TRACE", "TRACK"]) {
        const a = await fetcher(`${host.origin}/`, { method, headers: { "x-nikto-probe": "echo-me" } });
        if (a.status < 400) found(host, "/", `${method} answered ${a.status}`);
        if (a.body.includes("echo-me")) found(host, "/", `${method} echoes the request`);
      }
      const options = await fetcher(`${host.origin}/`, { method: "OPTIONS" });
      const allow = `${header(options, "allow") ?? ""} ${header(options, "public") ?? ""}`;
      if (/\b(PUT|DELETE|PATCH|TRACE|PROPFIND|MKCOL)\b/i.test(allow)) found(host, "/", `OPTIONS allows ${allow.trim()}`);
    }),
  );
  return findings.sort();
}
