/**
 * Records a backup run in backup_runs (decision 301), so the status page's "last good backup"
 * and the backup alert read what really happened. The backup units run it after pgBackRest:
 *
 *   pgbackrest --stanza=training info --output=json | node apps/api/dist/backup-record.mjs --stanza training
 *   node apps/api/dist/backup-record.mjs --failed --kind full --detail "pgbackrest exited 52"
 *
 * With `--stanza`, the newest backup in pgBackRest's JSON (standard input) is recorded (once:
 * running it twice adds nothing). Uses DATABASE_URL (and PGPASSWORD etc.), as the API does.
 */
import { parseArgs } from "node:util";
import { parseEnv } from "../env";
import { openDatabase } from "../db/bootstrap";
import { createDb } from "../db/client";
import { newestBackup, recordBackupRun, type BackupRun } from "../modules/ops";

async function stdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main() {
  const { values } = parseArgs({
    options: {
      stanza: { type: "string" },
      failed: { type: "boolean", default: false },
      kind: { type: "string", default: "full" },
      detail: { type: "string" },
    },
  });
  let run: BackupRun | null;
  if (values.failed) {
    run = {
      kind: values.kind,
      ok: false,
      startedAt: null,
      finishedAt: new Date(),
      sizeBytes: null,
      detail: values.detail ?? null,
    };
  } else if (values.stanza) {
    run = newestBackup(await stdin(), values.stanza);
    if (!run) throw new Error(`pgBackRest lists no good backup of stanza ${values.stanza}`);
  } else {
    throw new Error("Give --stanza NAME (pgbackrest info --output=json on standard input) or --failed");
  }
  const env = parseEnv();
  const database = await openDatabase(env, () => undefined);
  try {
    const added = await recordBackupRun(createDb(database.pool), run);
    console.info(
      added
        ? `Recorded: ${run.ok ? "good" : "failed"} ${run.kind} backup at ${run.finishedAt.toISOString()}`
        : `Already recorded: ${run.detail}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
