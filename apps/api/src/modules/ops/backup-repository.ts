/** backup_runs rows (decision 301): one per pgBackRest run, written by the backup CLI. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backupRuns } from "../../db/schema";

export async function backupRunWithDetail(db: Db, detail: string): Promise<boolean> {
  const [seen] = await db.select({ id: backupRuns.id }).from(backupRuns).where(eq(backupRuns.detail, detail)).limit(1);
  return seen !== undefined;
}

export async function insertBackupRun(db: Db, run: typeof backupRuns.$inferInsert): Promise<void> {
  await db.insert(backupRuns).values(run);
}
