/**
 * The restore drill's machinery (decision 303): a throwaway Postgres 15 cluster, pgBackRest and
 * a local S3-compatible server with TLS (s3rver), all in one temporary directory. As root (CI)
 * Postgres and pgBackRest run as the `postgres` user, as they do on the Debian server.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { chmod, chown, mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import S3rver from "s3rver";
import { inheritedEnv, PG_BIN, PGBACKREST } from "../env";

const exec = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** The tools the drill needs; the names of those missing. */
export function missingTools(): string[] {
  const missing: string[] = [];
  for (const tool of [`${PG_BIN}/initdb`, `${PG_BIN}/pg_ctl`, PGBACKREST]) if (!existsSync(tool)) missing.push(tool);
  for (const tool of ["openssl", ...(asRoot ? ["runuser"] : [])]) {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    } catch {
      missing.push(tool);
    }
  }
  return missing;
}

/** Runs a tool as the database's owner (root cannot run Postgres). */
export async function asPostgres(file: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  try {
    const { stdout } = await exec(cmd, argv, { env: { ...inheritedEnv(() => false), ...env }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  }
}

/** A directory the postgres user owns (mode 700, as initdb and pgBackRest want). */
export async function ownedDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A local S3-compatible server over HTTPS (pgBackRest speaks S3 only over TLS), with one bucket. */
export async function startS3(dir: string, bucket: string): Promise<{ port: number; close: () => Promise<void> }> {
  const key = path.join(dir, "s3-key.pem");
  const cert = path.join(dir, "s3-cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"],
    {
      stdio: "ignore",
    },
  );
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    key: readFileSync(key),
    cert: readFileSync(cert),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return { port, close: () => server.close() };
}

/** One Postgres cluster in `dir`, listening on 127.0.0.1:`port` (and a socket in `dir`). */
export class Cluster {
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get data() {
    return path.join(this.dir, "data");
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/training`;
  }

  async init(settings: Record<string, string>): Promise<void> {
    await ownedDir(this.dir);
    await asPostgres(`${PG_BIN}/initdb`, [
      "-D",
      this.data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "--encoding=UTF8",
      "--locale=C.UTF-8",
    ]);
    this.configure(settings);
  }

  /** Settings in postgresql.auto.conf (a restored cluster keeps the original's, these win). */
  configure(settings: Record<string, string>): void {
    const file = path.join(this.data, "postgresql.auto.conf");
    const lines = Object.entries({
      port: String(this.port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${this.dir}'`,
      ...settings,
    });
    const old = existsSync(file) ? readFileSync(file, "utf8") : "";
    writeFileSync(file, old + lines.map(([k, v]) => `${k} = ${v}\n`).join(""));
  }

  async start(): Promise<void> {
    await asPostgres(`${PG_BIN}/pg_ctl`, ["-D", this.data, "-l", path.join(this.dir, "server.log"), "-w", "-t", "120", "start"]);
  }

  /** `immediate` is a crash: what was not archived yet is lost, as when the server dies. */
  async stop(mode: "fast" | "immediate" = "fast"): Promise<void> {
    if (!existsSync(path.join(this.data, "postmaster.pid"))) return;
    await asPostgres(`${PG_BIN}/pg_ctl`, ["-D", this.data, "-m", mode, "-w", "stop"]).catch(() => undefined);
  }

  log(): string {
    const file = path.join(this.dir, "server.log");
    return existsSync(file) ? readFileSync(file, "utf8").slice(-3000) : "";
  }
}

/** pgBackRest with the drill's config file, as the postgres user. */
export const pgbackrest = (config: string, stanza: string, args: string[]) =>
  asPostgres(PGBACKREST, [`--config=${config}`, `--stanza=${stanza}`, ...args]);

export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the segment holding `lsn` is in the archive; returns when that happened. */
export async function archived(url: string, lsn: string, timeoutMs = 60_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [r] = await query<{ done: boolean }>(
      url,
      "select coalesce(last_archived_wal >= pg_walfile_name($1::pg_lsn), false) as done from pg_stat_archiver",
      [lsn],
    );
    if (r?.done) return Date.now();
    if (Date.now() > until) throw new Error(`WAL at ${lsn} was not archived within ${timeoutMs} ms`);
    await sleep(100);
  }
}
