import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { withDatabase } from "../src/db/client";
import { createDatabase, dropDatabase, freePort, uniqueName } from "../src/db/testing";
import { API_ENV_KEYS, API_ROOT } from "../src/env";
import { inheritedEnv } from "./env";

/**
 * Configuration reaches the apps (issue 11, decision 108): turbo runs tasks in strict environment
 * mode, which dropped every variable it was not told about. The root command is run here with
 * changed variables and their effect is checked; README, turbo.json and docker-compose agree.
 */

const REPO = path.resolve(API_ROOT, "..", "..");
const readme = fs.readFileSync(path.join(REPO, "README.md"), "utf8");
const turbo = JSON.parse(fs.readFileSync(path.join(REPO, "turbo.json"), "utf8")) as { globalPassThroughEnv: string[] };
const compose = fs.readFileSync(path.join(REPO, "docker-compose.yml"), "utf8");

/** Variables docker-compose itself reads (not the apps). */
const COMPOSE_ONLY = new Set(["POSTGRES_PASSWORD", "API_ORIGIN"]);

const passesThrough = (name: string) =>
  turbo.globalPassThroughEnv.some((p) => (p.endsWith("*") ? name.startsWith(p.slice(0, -1)) : name === p));

/** `VARIABLE` names in the README's environment tables and lists (the sections that document them). */
function readmeVariables(): string[] {
  const sections = readme.split(/\n(?=## )/).filter((s) => /^## (Environment variables|Security)/.test(s));
  const names = sections.flatMap((s) => [...s.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)`/g)].map((m) => m[1]!));
  return [...new Set(names)].filter((n) => !COMPOSE_ONLY.has(n));
}

/** The `environment:` keys of one docker-compose service. */
function composeEnv(service: string): string[] {
  const block = compose.split(new RegExp(`\\n {2}${service}:\\n`))[1]?.split(/\n {2}\w[\w-]*:\n/)[0] ?? "";
  const env = block.split(/\n {4}environment:\n/)[1]?.split(/\n {4}\w/)[0] ?? "";
  return [...env.matchAll(/^\s{6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

describe("every documented variable reaches its app", () => {
  it("turbo passes every variable the README documents to `pnpm dev` and `pnpm start`", () => {
    const names = readmeVariables();
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !passesThrough(n))).toEqual([]);
  });

  it("the API's own variables are all documented in the README", () => {
    expect(API_ENV_KEYS.filter((k) => !readme.includes(`\`${k}\``))).toEqual([]);
  });

  it("docker-compose gives the API only variables it reads, the rest from the one env file (decision 277)", () => {
    const api = composeEnv("api");
    expect(api).toContain("DATABASE_URL");
    expect(compose).toContain("env_file: deploy/production.env");
    expect(api.filter((k) => !API_ENV_KEYS.includes(k))).toEqual([]);
    const site = composeEnv("site");
    expect(site).toContain("API_URL");
    expect(site.filter((k) => !readme.includes(`\`${k}\``))).toEqual([]);
  });
});

/** Every process below `root` (children, grandchildren, …), from `ps`. */
function descendants(root: number): number[] {
  const rows = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (pid: number) => rows.filter(([, ppid]) => ppid === pid).forEach(([c]) => (found.push(c), visit(c)));
  visit(root);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the root command with changed variables", () => {
  let child: ChildProcess | null = null;
  let dbName = "";
  afterAll(async () => {
    // turbo starts each task in a process group of its own: stop every process under ours, by id.
    if (child?.pid) {
      const tree = [child.pid, ...descendants(child.pid)];
      const signal = (sig: NodeJS.Signals) =>
        tree.forEach((pid) => {
          try {
            process.kill(pid, sig);
          } catch {
            /* gone */
          }
        });
      signal("SIGTERM");
      for (let i = 0; i < 40 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 250));
      signal("SIGKILL");
    }
    if (dbName) await dropDatabase(inject("serverUrl"), dbName);
  });

  it("`pnpm dev` uses DATABASE_URL and PORT, and seeds SEED_ADMIN_EMAIL with SEED_ADMIN_PASSWORD", async () => {
    const serverUrl = inject("serverUrl");
    dbName = uniqueName("api_turbo");
    await createDatabase(serverUrl, dbName);
    const port = await freePort();
    const email = "turbo.check@example.com";
    const password = "a long passphrase for the turbo check";
    const env = inheritedEnv((k) => k.startsWith("TURBO_") || k.startsWith("VITEST"));
    Object.assign(env, {
      NODE_ENV: "development",
      TURBO_TELEMETRY_DISABLED: "1",
      DATABASE_URL: withDatabase(serverUrl, dbName),
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_ON_START: "true",
      SEED_ADMIN_EMAIL: email,
      SEED_ADMIN_PASSWORD: password,
      WORKERS_ENABLED: "false",
    });
    // The README's root command, narrowed to the API (`pnpm dev` runs `turbo run dev`).
    const output: string[] = [];
    // pnpm itself when it is on PATH (as under `pnpm test`), else through npx as the README says.
    const pnpmOnPath = (env.PATH ?? "").split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, "pnpm")));
    const [command, ...args] = pnpmOnPath ? ["pnpm"] : ["npx", "--yes", "pnpm@10.34.9"];
    child = spawn(command!, [...args, "run", "dev", "--filter=api", "--ui=stream"], {
      cwd: REPO,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => output.push(String(d)));
    child.stderr?.on("data", (d) => output.push(String(d)));

    let ready = false;
    for (let i = 0; i < 180 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 500));
    }
    expect(ready, `the API never answered on PORT=${port}:\n${output.join("").slice(-3000)}`).toBe(true);

    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, dbName) });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>("select email from users where is_admin");
      expect(rows.map((r) => r.email)).toContain(email);
      expect(rows.map((r) => r.email)).not.toContain("admin@example.com");
    } finally {
      await client.end();
    }
  }, 150_000);
});
