/** backup_runs rows (decision 301): written by the backup CLI after each pgBackRest run. */
import type { Db } from "../../db/client";
import { backupRunWithDetail, insertBackupRun } from "./backup-repository";

export type BackupRun = {
  kind: string;
  ok: boolean;
  startedAt: Date | null;
  finishedAt: Date;
  sizeBytes: number | null;
  detail: string | null;
};

/** Records a run; a successful run already recorded (same detail, i.e. same label) is not added twice. */
export async function recordBackupRun(db: Db, run: BackupRun): Promise<boolean> {
  if (run.ok && run.detail) {
    if (await backupRunWithDetail(db, run.detail)) return false;
  }
  await insertBackupRun(db, run);
  return true;
}

/** One backup in `pgbackrest info --output=json` (the fields we read). */
type InfoBackup = {
  label: string;
  type: string;
  error?: boolean;
  timestamp: { start: number; stop: number };
  info: { size: number; repository: { size: number; delta: number } };
};
type InfoStanza = { name: string; backup: InfoBackup[]; status: { code: number; message: string } };

/**
 * The newest backup of the stanza in pgBackRest's JSON info, as a backup_runs row: its type
 * (full, diff, incr), start and stop, and the size it takes in the bucket (compressed, encrypted).
 */
export function newestBackup(infoJson: string, stanza: string): BackupRun | null {
  const stanzas = JSON.parse(infoJson) as InfoStanza[];
  const s = stanzas.find((x) => x.name === stanza);
  const newest = s?.backup
    .filter((b) => !b.error)
    .sort((a, b) => a.timestamp.stop - b.timestamp.stop)
    .at(-1);
  if (!newest) return null;
  return {
    kind: newest.type,
    ok: true,
    startedAt: new Date(newest.timestamp.start * 1000),
    finishedAt: new Date(newest.timestamp.stop * 1000),
    sizeBytes: newest.info.repository.delta,
    detail: `pgbackrest ${stanza} ${newest.label}`,
  };
}
