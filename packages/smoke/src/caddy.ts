/**
 * Caddy with the repository's deploy/Caddyfile, as the Debian path runs it, with only what a
 * shared CI machine needs changed: the Caddyfile is adapted to JSON by Caddy itself (with the
 * run's environment: host names, upstreams, HTTPS port), then
 *   - the admin endpoint is off (another Caddy on the machine may hold :2019),
 *   - the HTTP→HTTPS redirect listens on a free high port instead of :80,
 *   - certificates come from Caddy's own local CA (no ACME from a test), kept in the run's folder,
 *     and that CA is not installed into the machine's trust store.
 * Everything else (sites, reverse proxies, compression, headers) is the Caddyfile's.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, smokeEnv } from "./env";
import { runCommand, startProcess, type Proc } from "./processes";

export const CADDYFILE = path.join(REPO_ROOT, "deploy", "Caddyfile");

type Json = Record<string, unknown>;

export async function startCaddy(opts: {
  runDir: string;
  /** The Caddyfile's variables ({$SITE_ADDRESS}, {$SITE_UPSTREAM}, {$HTTPS_PORT}, …). */
  vars: Record<string, string>;
  httpPort: number;
  hostNames: string[];
}): Promise<{ proc: Proc; rootCa: () => string; config: Json }> {
  const caddy = smokeEnv.caddyPath();
  if (!existsSync(caddy))
    throw new Error(`Caddy is not installed at ${caddy}: apt-get install -y caddy (or set CADDY_PATH); .ci/run installs it`);
  const storage = path.join(opts.runDir, "caddy-data");
  const env = {
    PATH: smokeEnv.systemPath(),
    HOME: opts.runDir,
    XDG_DATA_HOME: storage,
    XDG_CONFIG_HOME: path.join(opts.runDir, "caddy-config"),
    ...opts.vars,
  };
  const adapted = await runCommand(caddy, ["adapt", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    cwd: opts.runDir,
    env,
    timeoutMs: 30_000,
  });
  if (adapted.code !== 0) throw new Error(`caddy adapt ${CADDYFILE} failed:\n${adapted.output}`);
  const jsonStart = adapted.output.indexOf("{");
  const config = JSON.parse(adapted.output.slice(jsonStart)) as Json;

  config.admin = { disabled: true };
  config.storage = { module: "file_system", root: storage };
  const apps = (config.apps ??= {}) as Json;
  const httpApp = (apps.http ??= {}) as Json;
  httpApp.http_port = opts.httpPort;
  const pki = (apps.pki ??= {}) as Json;
  pki.certificate_authorities = { local: { install_trust: false } };
  const tls = (apps.tls ??= {}) as Json;
  const automation = (tls.automation ??= {}) as Json;
  automation.policies = [{ subjects: opts.hostNames, issuers: [{ module: "internal" }] }];

  const configFile = path.join(opts.runDir, "caddy.json");
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const proc = startProcess("caddy", caddy, ["run", "--config", configFile], {
    cwd: opts.runDir,
    env,
    logFile: path.join(opts.runDir, "caddy.log"),
  });
  await proc.waitForOutput(/serving initial configuration/, 30_000);
  const rootCaFile = path.join(storage, "pki", "authorities", "local", "root.crt");
  return { proc, config, rootCa: () => readFileSync(rootCaFile, "utf8") };
}
