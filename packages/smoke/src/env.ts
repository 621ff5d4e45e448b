/**
 * What the smoke test reads from its own environment, in one place. The production processes it
 * starts do NOT inherit this environment: they get only the env file the test writes (as systemd's
 * EnvironmentFile gives them) plus PATH, so nothing of the developer's shell leaks into the run.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (packages/smoke/src → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const smokeEnv = {
  /** The machine's Postgres server; the test creates (and drops) its own database on it. */
  databaseUrl: (): string => process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  /** Debian's caddy by default. */
  caddyPath: (): string => process.env.CADDY_PATH || "/usr/bin/caddy",
  /** SMOKE_VERBOSE=1: echo every process's output while the test runs. */
  verbose: (): boolean => Boolean(process.env.SMOKE_VERBOSE),
  /** SMOKE_KEEP=1: keep the run's folder (env file, logs, Caddy config) for a look afterwards. */
  keep: (): boolean => Boolean(process.env.SMOKE_KEEP),
  /** What a production process gets besides its env file: where programs are. */
  systemPath: (): string => process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
};
