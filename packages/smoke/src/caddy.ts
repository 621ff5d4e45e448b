/**
 * Caddy with the repository's deploy/Caddyfile, unchanged, as the Debian path runs it
 * (`caddy run --config deploy/Caddyfile --adapter caddyfile`); only its environment differs from a
 * server's, through the variables the Caddyfile offers for this (deploy/README.md): high ports,
 * Caddy's local CA (`TLS_MODE=local_certs`), no admin endpoint (another Caddy on a shared CI machine
 * may hold :2019), and the CA kept in the run's own folder (XDG_DATA_HOME).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, smokeEnv } from "./env";
import { startProcess, type Proc } from "./processes";

export const CADDYFILE = path.join(REPO_ROOT, "deploy", "Caddyfile");

export async function startCaddy(opts: {
  runDir: string;
  /** The Caddyfile's variables: SITE_ADDRESS, SITE_UPSTREAM, HTTPS_PORT, … */
  vars: Record<string, string>;
}): Promise<{ proc: Proc; rootCa: () => string }> {
  const caddy = smokeEnv.caddyPath();
  if (!existsSync(caddy))
    throw new Error(`Caddy is not installed at ${caddy}: apt-get install -y caddy (or set CADDY_PATH); .ci/run installs it`);
  const data = path.join(opts.runDir, "caddy-data");
  const env = {
    PATH: smokeEnv.systemPath(),
    HOME: opts.runDir,
    XDG_DATA_HOME: data,
    XDG_CONFIG_HOME: path.join(opts.runDir, "caddy-config"),
    TLS_MODE: "local_certs",
    CADDY_ADMIN: "off",
    ...opts.vars,
  };
  const proc = startProcess("caddy", caddy, ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    cwd: REPO_ROOT,
    env,
    logFile: path.join(opts.runDir, "caddy.log"),
  });
  await proc.waitForOutput(/serving initial configuration/, 30_000);
  const rootCaFile = path.join(data, "caddy", "pki", "authorities", "local", "root.crt");
  return { proc, rootCa: () => readFileSync(rootCaFile, "utf8") };
}
