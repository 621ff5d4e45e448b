/** The environment the e2e kit reads, in one place (read when asked, so tests can change it). */
export const e2eEnv = {
  /** Java for the Nu HTML checker, when not `java` on PATH. */
  javaPath: (): string => process.env.JAVA_PATH || "java",
  /** Chromium binary, when not /usr/bin/chromium. */
  chromiumPath: (): string | undefined => process.env.CHROMIUM_PATH || undefined,
  /** True on CI machines (CI=true/1/yes…), where a missing browser is the machine's fault. */
  isCI: (): boolean => {
    const ci = process.env.CI;
    return Boolean(ci) && ci !== "false" && ci !== "0";
  },
  /** E2E_VERBOSE: echo the servers' output while they run. */
  verbose: (): boolean => Boolean(process.env.E2E_VERBOSE),
  /** E2E_STOP_GRACE_MS: how long a server may take to stop after SIGTERM (default 20 s). */
  stopGraceMs: (): number => Number(process.env.E2E_STOP_GRACE_MS) || 20_000,
  /** What child processes inherit (plus their own settings). */
  inherited: (): NodeJS.ProcessEnv => process.env,
};
