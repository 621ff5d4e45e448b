/**
 * The small server's Postgres (decision 561): a second cluster of Debian's Postgres 15 on CPU 0
 * (SMALL_PG_PORT default 5433, data in SMALL_PG_DIR default /tmp/bench-small-server-pg, kept
 * between runs), filled once from a dump of BENCH_VOLUME_DB; and the memory of a set of processes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const PG_BIN = "/usr/lib/postgresql/15/bin";
const PG_PORT = Number(process.env.SMALL_PG_PORT ?? 5433);
export const PG_DIR = process.env.SMALL_PG_DIR ?? "/tmp/bench-small-server-pg";

/** The small server's settings (README, production section). */
export const SMALL_SERVER_PG = {
  shared_buffers: "128MB",
  effective_cache_size: "384MB",
  max_connections: "30",
  work_mem: "4MB",
  maintenance_work_mem: "64MB",
  max_parallel_workers_per_gather: "0",
  jit: "off",
};
const sh = (cmd: string, args: string[], opts: { user?: string } = {}) =>
  execFileSync(opts.user ? "runuser" : cmd, opts.user ? ["-u", opts.user, "--", cmd, ...args] : args, {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });

export function startPostgres(): string {
  const settings = Object.entries(SMALL_SERVER_PG).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  if (!existsSync(path.join(PG_DIR, "restored"))) {
    const source = process.env.BENCH_VOLUME_DB;
    if (!source)
      throw new Error("BENCH_VOLUME_DB=<url of a copy of bench_volume_1> is needed to fill the small server's Postgres");
    execFileSync("rm", ["-rf", PG_DIR]);
    mkdirSync(PG_DIR, { recursive: true });
    execFileSync("chown", ["postgres:postgres", PG_DIR]);
    sh(`${PG_BIN}/initdb`, ["-D", `${PG_DIR}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"], {
      user: "postgres",
    });
    pgCtl("start", settings);
    const dump = `${PG_DIR}/volume.dump`;
    const t = Date.now();
    sh("pg_dump", ["-Fc", "-f", dump, source]);
    execFileSync("chown", ["postgres:postgres", dump]);
    sh("psql", [pgUrl("postgres"), "-Xqc", "create database training"]);
    sh("pg_restore", ["-j", "2", "--no-owner", "--no-acl", "-d", pgUrl("training"), dump]);
    sh("psql", [pgUrl("training"), "-Xqc", "vacuum analyze"]);
    writeFileSync(path.join(PG_DIR, "restored"), new Date().toISOString());
    console.error(
      `[small] Postgres filled from ${new URL(source).pathname.slice(1)} in ${((Date.now() - t) / 1000).toFixed(0)} s`,
    );
  } else pgCtl("start", settings);
  return pgUrl("training");
}

export function pgCtl(action: "start" | "stop", settings: string[] = []) {
  const args = ["-D", `${PG_DIR}/data`, "-w", "-l", `${PG_DIR}/log`];
  const opts = [`-p ${PG_PORT}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${PG_DIR}`, ...chunk(settings)];
  // Started under taskset: the postmaster and every backend it forks stay on CPU 0.
  if (action === "start")
    sh("taskset", ["-c", "0", "runuser", "-u", "postgres", "--", `${PG_BIN}/pg_ctl`, ...args, "-o", opts.join(" "), "start"]);
  else sh(`${PG_BIN}/pg_ctl`, [...args, "-m", "fast", "stop"], { user: "postgres" });
}
const chunk = (xs: string[]) =>
  xs.reduce<string[]>((out, x, i) => (i % 2 ? [...out.slice(0, -1), `${out.at(-1)} ${x}`] : [...out, x]), []);
const pgUrl = (db: string) => `postgres://postgres@127.0.0.1:${PG_PORT}/${db}`;

/** PSS (MB) of these processes and all their descendants (Postgres backends come and go: sampled). */
/** `roots`: name -> pid; each process counts under the root it descends from. */
export function pssMb(roots: Record<string, number>): { total: number; each: Map<string, number> } {
  const parent = new Map<number, number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const byPid = new Map(Object.entries(roots).map(([name, pid]) => [pid, name]));
  const rootOf = (pid: number) => {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) if (byPid.has(p)) return byPid.get(p)!;
    return null;
  };
  const each = new Map<string, number>();
  let total = 0;
  for (const pid of parent.keys()) {
    const name = rootOf(pid);
    if (!name) continue;
    try {
      const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      each.set(name, (each.get(name) ?? 0) + kb / 1024);
      total += kb / 1024;
    } catch {
      /* gone */
    }
  }
  return { total, each };
}
