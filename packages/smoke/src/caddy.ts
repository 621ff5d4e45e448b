/**
 * Caddy with the repository's deploy/Caddyfile, unchanged, as the Debian path runs it
 * (`caddy run --config deploy/Caddyfile --adapter caddyfile`, the env file in its environment);
 * the run's env file sets what the Caddyfile offers for tests (deploy/README.md): high ports,
 * Caddy's local CA (`TLS_MODE=local_certs`), no admin endpoint. Its data (the local CA) stays in
 * the run's own folder (XDG_DATA_HOME).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, smokeEnv } from "./env";
import { startProcess, type Proc } from "./processes";

export const CADDYFILE = path.join(REPO_ROOT, "deploy", "Caddyfile");

export async function startCaddy(opts: {
  runDir: string;
  /** The env file (SITE_ADDRESS, SITE_UPSTREAM, HTTPS_PORT, TLS_MODE, …). */
  env: Record<string, string>;
}): Promise<{ proc: Proc; rootCa: () => string }> {
  const caddy = smokeEnv.caddyPath();
  if (!existsSync(caddy))
    throw new Error(`Caddy is not installed at ${caddy}: apt-get install -y caddy (or set CADDY_PATH); .ci/run installs it`);
  const data = path.join(opts.runDir, "caddy-data");
  const env = {
    ...opts.env,
    PATH: smokeEnv.systemPath(),
    HOME: opts.runDir,
    XDG_DATA_HOME: data,
    XDG_CONFIG_HOME: path.join(opts.runDir, "caddy-config"),
  };
  const proc = startProcess("caddy", caddy, ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    cwd: REPO_ROOT,
    env,
    logFile: path.join(opts.runDir, "caddy.log"),
  });
  await proc.waitForOutput(/serving initial configuration/, 60_000);
  const rootCaFile = path.join(data, "caddy", "pki", "authorities", "local", "root.crt");
  return { proc, rootCa: () => readFileSync(rootCaFile, "utf8") };
}
