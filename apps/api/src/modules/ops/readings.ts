/** Operations readings: the database's (readings-repository.ts), the disk's, and all of them at once. */
import { statfs } from "node:fs/promises";
import type { Db } from "../../db/client";
import { PAYMENT_WINDOW_MINUTES, readBackups, readOutbox, readPaymentPage, readQueue, readWebhooks } from "./readings-repository";

export * from "./readings-repository";

export type DiskReading = { path: string; totalBytes: number; freeBytes: number; usedPercent: number } | null;

/** statfs of the watched file system: used = (blocks − free) over what ordinary users can have (as df). */
export async function readDisk(path: string): Promise<DiskReading> {
  try {
    const s = await statfs(path);
    const total = s.blocks * s.bsize;
    const used = (s.blocks - s.bfree) * s.bsize;
    const usable = used + s.bavail * s.bsize;
    return {
      path,
      totalBytes: total,
      freeBytes: s.bavail * s.bsize,
      usedPercent: usable > 0 ? Math.round((used / usable) * 1000) / 10 : 0,
    };
  } catch {
    return null;
  }
}

/** Every reading the status page and the alert evaluator judge, taken together (one set of figures for both). */
export async function readAll(db: Db, now: Date, diskPath: string, paymentsAfter: Date | null = null) {
  const [queue, outbox, backups, payments, webhooks, disk] = await Promise.all([
    readQueue(db, now),
    readOutbox(db, now),
    readBackups(db),
    readPaymentPage(db, now, PAYMENT_WINDOW_MINUTES, paymentsAfter),
    readWebhooks(db, now),
    readDisk(diskPath),
  ]);
  return { queue, outbox, backups, payments, webhooks, disk };
}
