/**
 * The restore drill (issue 26, decision 303), run by CI on every change: continuous archiving
 * with pgBackRest to a local S3-compatible server (TLS, aes-256-cbc), a full backup of a database
 * with paid bookings, learner evidence and pending mail, more bookings, a crash, and a restore to
 * a point in time into a fresh cluster. The API starts on it with mail and jobs held; every table
 * must match what it held at that point, every evidence file byte for byte, and after the release
 * no mail may go out twice. Prints the measured RPO and RTO and holds them to 15 minutes.
 *
 * Needs Postgres 15's server binaries (/usr/lib/postgresql/15/bin) and pgBackRest
 * (/usr/bin/pgbackrest): .ci/run installs `pgbackrest`. Off CI a missing tool skips the drill; on
 * CI (CI=true) it fails.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ON_CI } from "./env";
import { ADMIN, login, TestClock } from "./helpers";
import { archived, Cluster, freePort, missingTools, ownedDir, pgbackrest, query, sleep, startS3 } from "./drill/cluster";
import { bookWithEvidence, fingerprint, mailsSent, runCli, startApi, type Running } from "./drill/steps";

const missing = missingTools();
const LIMIT_MS = 15 * 60_000;
const STANZA = "training";
const BUCKET = "training-backups";
/** Short in the drill so it stays fast; production's is 300 s (deploy/backup/postgresql-archiving.conf). */
const DRILL_ARCHIVE_TIMEOUT_S = 5;

describe.skipIf(missing.length > 0 && !ON_CI)("restore drill: pgBackRest to S3, point-in-time restore, held outgoing", () => {
  let dir = "";
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  const clusters: Cluster[] = [];
  const apis: Running[] = [];

  beforeAll(async () => {
    // On CI a missing tool fails the test below (counted as failed, not skipped).
    if (missing.length) return;
    dir = await ownedDir(await mkdtemp(path.join(os.tmpdir(), "restore-drill-")));
    s3 = await startS3(dir, BUCKET);
  });

  afterAll(async () => {
    for (const api of apis) await api.close().catch(() => undefined);
    for (const c of clusters) await c.stop("immediate");
    await s3?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("restores bookings, payments, evidence and the outbox to a point in time within RPO and RTO of 15 minutes", async () => {
    if (missing.length) throw new Error(`the restore drill needs ${missing.join(", ")} (.ci/run installs pgbackrest)`);
    // pgBackRest's config: the production file's retention and encryption, this drill's bucket and paths.
    const production = await readFile(fileURLToPath(new URL("../../../deploy/backup/pgbackrest.conf", import.meta.url)), "utf8");
    const kept = production
      .split("\n")
      .filter((l) => /^(repo1-(cipher-type|retention-[\w-]+|s3-uri-style)|compress-type|archive-copy)=/.test(l));
    expect(kept).toContain("repo1-cipher-type=aes-256-cbc");
    const primary = new Cluster(path.join(dir, "primary"), await freePort());
    clusters.push(primary);
    const config = path.join(dir, "pgbackrest.conf");
    const spool = await ownedDir(path.join(dir, "spool"));
    await writeFile(
      config,
      [
        "[global]",
        ...kept,
        "repo1-type=s3",
        "repo1-path=/training/daily",
        `repo1-s3-bucket=${BUCKET}`,
        "repo1-s3-endpoint=127.0.0.1",
        `repo1-storage-port=${s3!.port}`,
        "repo1-s3-region=eu-west-2",
        "repo1-s3-key=S3RVER",
        "repo1-s3-key-secret=S3RVER",
        // The local server's certificate is self-signed; a real bucket's is checked.
        "repo1-storage-verify-tls=n",
        // The owner's passphrase: here a drill's own, never the real one.
        `repo1-cipher-pass=drill-${Math.random().toString(36).slice(2)}`,
        `lock-path=${spool}`,
        `log-path=${spool}`,
        `spool-path=${spool}`,
        "log-level-console=warn",
        "log-level-file=off",
        "start-fast=y",
        `[${STANZA}]`,
        `pg1-path=${primary.data}`,
        `pg1-port=${primary.port}`,
        `pg1-socket-path=${primary.dir}`,
        "",
      ].join("\n"),
      { mode: 0o644 },
    );
    await primary.init({
      wal_level: "replica",
      archive_mode: "on",
      archive_command: `'pgbackrest --config=${config} --stanza=${STANZA} archive-push %p'`,
      archive_timeout: `${DRILL_ARCHIVE_TIMEOUT_S}s`,
    });
    await primary.start();
    await query(primary.url.replace("/training", "/postgres"), "create database training");
    await pgbackrest(config, STANZA, ["stanza-create"]);

    const clock = new TestClock();
    const mailDir = path.join(dir, "mail");
    const sentLog = path.join(dir, "mail-sent.log");
    const env = { DATABASE_URL: primary.url, MAIL_DIR: mailDir };
    const live = await startApi(primary.url, { clock, mailDir, sentLog, workers: false, seed: true });
    apis.push(live);

    // Before the backup: bookings whose mails went out, and one whose mails are still pending.
    const evidence = new Map<string, Buffer>();
    const early = await bookWithEvidence(live, "drill.early@example.com", clock);
    await live.app.workers.sendMail();
    const pendingAtBackup = await bookWithEvidence(live, "drill.pending@example.com", clock);
    for (const b of [early, pendingAtBackup]) for (const [k, v] of b.files) evidence.set(k, v);

    await pgbackrest(config, STANZA, ["backup", "--type=full"]);
    const info = await pgbackrest(config, STANZA, ["info", "--output=json"]);
    expect(await runCli("backup-record", ["--stanza", STANZA], env, info)).toMatch(/Recorded: good full backup/);
    const status = await live.app.inject({
      method: "GET",
      url: "/api/status",
      headers: (await login(live.app, ADMIN.email, ADMIN.password)).headers,
    });
    expect(status.json().items.find((i: { key: string }) => i.key === "backup")).toMatchObject({ level: "green" });

    // After the backup: more bookings; one of their mails waits for a retry later (pending at the point).
    const after = await bookWithEvidence(live, "drill.after@example.com", clock);
    for (const [k, v] of after.files) evidence.set(k, v);
    const [late] = await query<{ id: number }>(
      primary.url,
      "update mail_outbox set next_attempt_at = $1 where id = (select max(id) from mail_outbox where status = 'pending') returning id",
      [new Date(clock.now().getTime() + 10 * 60_000)],
    );
    // RPO: how long a committed booking waits until its WAL is in the bucket.
    const [{ lsn }] = (await query<{ lsn: string }>(primary.url, "select pg_current_wal_lsn()::text as lsn")) as [
      { lsn: string },
    ];
    const committedAt = Date.now();
    const rpoMs = (await archived(primary.url, lsn)) - committedAt;

    // The point to restore to, and what every table holds at it.
    const atPoint = await fingerprint(primary.url);
    const outboxAtPoint = await query<{ id: number; status: string }>(
      primary.url,
      "select id, status from mail_outbox order by id",
    );
    const [{ point }] = (await query<{ point: string }>(primary.url, "select clock_timestamp()::text as point")) as [
      { point: string },
    ];
    await sleep(1100);

    // After the point: a booking the restore must not bring back, and the old server sends its mails.
    const lost = await bookWithEvidence(live, "drill.lost@example.com", clock);
    const sentBeforeCrash = await live.app.workers.sendMail();
    expect(sentBeforeCrash.sent).toBeGreaterThan(0);
    const [{ total }] = (await query<{ total: number }>(primary.url, "select count(*)::int as total from mail_outbox")) as [
      { total: number },
    ];
    const switchedAt = Date.now();
    const [{ end }] = (await query<{ end: string }>(primary.url, "select pg_switch_wal()::text as end")) as [{ end: string }];
    // How long one finished segment takes to reach the bucket: the RPO's part beyond archive_timeout.
    const pushMs = (await archived(primary.url, end)) - switchedAt;
    await live.close();
    apis.splice(apis.indexOf(live), 1);
    await primary.stop("immediate");

    // The restore, timed from the crash to the API answering with mail and jobs held (RTO).
    const rtoStart = Date.now();
    const restored = new Cluster(path.join(dir, "restored"), await freePort());
    clusters.push(restored);
    await ownedDir(restored.dir);
    await pgbackrest(config, STANZA, [
      "restore",
      `--pg1-path=${restored.data}`,
      "--type=time",
      `--target=${point}`,
      "--target-action=promote",
      // The drill's copy does not archive into the backup of the server it replaces.
      "--archive-mode=off",
    ]);
    restored.configure({});
    await restored.start();
    for (let i = 0; ; i++) {
      const [r] = await query<{ recovering: boolean }>(restored.url, "select pg_is_in_recovery() as recovering");
      if (!r?.recovering) break;
      if (i > 600) throw new Error(`still recovering:\n${restored.log()}`);
      await sleep(100);
    }
    const restoredEnv = { DATABASE_URL: restored.url, MAIL_DIR: mailDir };
    expect(await runCli("outgoing", ["hold", "--restored-to", new Date(point).toISOString()], restoredEnv)).toMatch(/held/);
    expect(await runCli("outgoing", ["settle", "--sent-log", sentLog], restoredEnv)).toMatch(/marked sent/);
    const back = await startApi(restored.url, { clock, mailDir, sentLog, workers: true });
    apis.push(back);
    const rtoMs = Date.now() - rtoStart;

    // Every table as it was at the point (mail_outbox's statuses and the activity log moved with
    // the hold and the settling, so they are compared below).
    const now = await fingerprint(restored.url);
    for (const table of Object.keys(atPoint)) {
      if (table === "mail_outbox" || table === "activity_log" || table === "outgoing_holds") continue;
      expect(now[table], table).toBe(atPoint[table]);
    }
    const outbox = await query<{ id: number; status: string }>(restored.url, "select id, status from mail_outbox order by id");
    expect(outbox.map((m) => m.id)).toEqual(outboxAtPoint.map((m) => m.id));
    const lostOrder = await query(restored.url, "select 1 from orders where reference = $1", [lost.reference]);
    expect(lostOrder).toHaveLength(0);

    // Evidence byte for byte, through the API.
    const office = await login(back.app, ADMIN.email, ADMIN.password);
    for (const [token, bytes] of evidence) {
      const [row] = await query<{ id: number }>(restored.url, "select id from learner_records where token = $1", [token]);
      const res = await back.app.inject({
        method: "GET",
        url: `/api/admin/learners/${row!.id}/evidence`,
        headers: office.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    }

    // Held: the status page says so, the sender sends nothing, the job queue has not started.
    const sentBefore = await mailsSent(mailDir);
    const held = (await back.app.inject({ method: "GET", url: "/api/status", headers: office.headers })).json();
    expect(held.items[0]).toMatchObject({ key: "outgoing", level: "red" });
    expect(await back.app.workers.sendMail()).toEqual({ sent: 0, failed: 0 });
    await sleep(1500);
    expect(
      await query(
        restored.url,
        "select 1 from pgboss.job where state = 'completed' and completed_on > now() - interval '1 minute'",
      ).catch(() => []),
    ).toHaveLength(0);
    expect(await mailsSent(mailDir)).toEqual(sentBefore);

    // Released by a person: logged; jobs run; the one mail still due goes out once.
    const release = await back.app.inject({
      method: "POST",
      url: "/api/status/release-outgoing",
      headers: office.headers,
    });
    expect(release.json()).toEqual({ released: true });
    const log = await query(restored.url, "select 1 from activity_log where action = 'Mail and background jobs released'");
    expect(log).toHaveLength(1);
    for (let i = 0; ; i++) {
      const done = await query(restored.url, "select 1 from pgboss.job where state = 'completed' limit 1").catch(() => []);
      if (done.length) break;
      if (i > 100) throw new Error("no job ran after the release");
      await sleep(200);
    }
    clock.advance(15 * 60_000);
    await back.app.workers.sendMail();
    const [lateRow] = await query<{ status: string }>(restored.url, "select status from mail_outbox where id = $1", [late!.id]);
    expect(lateRow?.status).toBe("sent");

    // No mail twice: every mail handed to the mail server, across both servers, once.
    const all = await mailsSent(mailDir);
    const twice = all.filter((m, i) => all.indexOf(m) !== i);
    expect(twice).toEqual([]);
    // …and every mail the old server had written was handed over (later jobs may add their own).
    expect(all.length).toBeGreaterThanOrEqual(total);
    expect(all.filter((m) => m.includes("drill.lost@example.com")).length).toBeGreaterThan(0);

    // Production's worst case: a booking just after a segment switch waits archive_timeout, then the push.
    const archiving = await readFile(
      fileURLToPath(new URL("../../../deploy/backup/postgresql-archiving.conf", import.meta.url)),
      "utf8",
    );
    const productionTimeoutS = Number(/^archive_timeout = (\d+)$/m.exec(archiving)?.[1]);
    expect(productionTimeoutS).toBeGreaterThan(0);
    const worstRpoMs = productionTimeoutS * 1000 + pushMs;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[restore drill] RPO measured ${s(rpoMs)} (a booking until its WAL was in the bucket; archive_timeout ${DRILL_ARCHIVE_TIMEOUT_S} s here), ` +
        `push of a segment ${s(pushMs)}, production worst case ${s(worstRpoMs)} (archive_timeout ${productionTimeoutS} s); ` +
        `RTO measured ${s(rtoMs)} (crash to the API answering on the restored database, outgoing held)`,
    );
    expect(rpoMs).toBeLessThanOrEqual(LIMIT_MS);
    expect(worstRpoMs).toBeLessThanOrEqual(LIMIT_MS);
    expect(rtoMs).toBeLessThanOrEqual(LIMIT_MS);
  }, 180_000);
});
