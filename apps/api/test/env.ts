/** The test runs' own settings from the environment (read here only, like src/env.ts for the API). */
const optionalNumber = (value: string | undefined) => (value === undefined || value === "" ? undefined : Number(value));

/** Fuzz suite: requests per route and the seed, to vary a run by hand (decision 111). */
export const FUZZ_RUNS = optionalNumber(process.env.FUZZ_RUNS);
export const FUZZ_SEED = optionalNumber(process.env.FUZZ_SEED);

/** The environment a test hands on to a child process it starts (the root command, a server). */
export function inheritedEnv(skip: (name: string) => boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !skip(k)) env[k] = v;
  return env;
}

/** sqlmap's command (default: the Debian package's `sqlmap` on PATH). */
export const SQLMAP_PATH = process.env.SQLMAP_PATH || "sqlmap";

/** True on CI machines (CI=true/1/yes…): there a missing external checker fails its test instead of skipping. */
export const ON_CI = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";
/** The restore drill's tools, where they are not at Debian's paths (decision 303). */
export const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";
export const PGBACKREST = process.env.PGBACKREST_PATH || "/usr/bin/pgbackrest";
