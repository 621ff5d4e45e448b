/**
 * The Debian path's systemd units (deploy/systemd/training-*.service) read for what the smoke test
 * must do the same way: the command (`ExecStart=`, with this run's node for /usr/local/bin/node)
 * and the unit's own `Environment=` settings on top of the env file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./env";

export interface Unit {
  file: string;
  /** ExecStart's arguments after the node binary, e.g. ["apps/api/dist/server.mjs"]. */
  args: string[];
  environment: Record<string, string>;
}

export function readUnit(name: string): Unit {
  const file = path.join(REPO_ROOT, "deploy", "systemd", `${name}.service`);
  const lines = readFileSync(file, "utf8").split("\n");
  const exec = lines.find((l) => l.startsWith("ExecStart="));
  if (!exec) throw new Error(`${file} has no ExecStart=`);
  const [binary, ...args] = exec.slice("ExecStart=".length).trim().split(/\s+/);
  if (!binary?.endsWith("/node")) throw new Error(`${file}: ExecStart runs ${binary}, not node directly`);
  const environment: Record<string, string> = {};
  for (const line of lines.filter((l) => l.startsWith("Environment="))) {
    // systemd's syntax: space-separated assignments, each may be double-quoted to hold spaces
    // (`Environment="NODE_OPTIONS=--a --b" X=1`).
    for (const m of line.slice("Environment=".length).matchAll(/"([^"]*)"|(\S+)/g)) {
      const [key, ...value] = (m[1] ?? m[2]!).split("=");
      environment[key!] = value.join("=");
    }
  }
  return { file, args, environment };
}
