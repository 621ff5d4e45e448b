import { spawnSync } from "node:child_process";
import { e2eEnv } from "./env";

/**
 * An independent checker the tests run (the Nu HTML checker on Java, sqlmap, …). Off CI a
 * machine without it skips those tests; on CI (which installs it, see .ci/run) a missing tool
 * fails them instead, so a broken install can never pass as a green run.
 */
export interface ExternalTool {
  /** False only off CI when the tool is missing: the tests skip. */
  run: boolean;
  /** Throws, naming the install step, when the tool is missing (reached only on CI). */
  require(): void;
}

/** `command args…` must start and exit 0 (e.g. `java -version`) for the tool to count as present. */
export function externalTool(name: string, command: string, args: string[], install: string): ExternalTool {
  const probe = spawnSync(command, args, { stdio: "ignore", timeout: 30_000 });
  const present = !probe.error && probe.status === 0;
  return {
    run: present || e2eEnv.isCI(),
    require() {
      if (!present) throw new Error(`${name} is missing (${command} did not run): ${install}`);
    },
  };
}
