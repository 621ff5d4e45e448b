/**
 * Mail and jobs after a restore (decision 302). The restore procedure (deploy/README.md) runs
 * `hold` on the restored database before the API starts, and `settle` with the lost server's
 * sent-mail log; a person runs `release` (or presses the button on the status page) once the
 * bookings look right. Every hold and release is in the activity log.
 *
 *   node apps/api/dist/outgoing.mjs hold --restored-to 2026-11-26T21:40:00Z
 *   node apps/api/dist/outgoing.mjs settle --sent-log /var/lib/training/mail-sent.log
 *   node apps/api/dist/outgoing.mjs status
 *   node apps/api/dist/outgoing.mjs release
 *
 * Uses DATABASE_URL (and PGPASSWORD etc.), as the API does.
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { parseEnv } from "../env";
import { openDatabase } from "../db/bootstrap";
import { createDb } from "../db/client";
import { activeHold, holdOutgoing, readSentLog, releaseOutgoing, settleFromSentLog } from "../modules/ops";

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "restored-to": { type: "string" }, reason: { type: "string" }, "sent-log": { type: "string" } },
  });
  const command = positionals[0];
  if (!command || !["hold", "settle", "release", "status"].includes(command))
    throw new Error("Usage: outgoing hold [--restored-to ISO] [--reason TEXT] | settle --sent-log FILE | release | status");
  const restoredTo = values["restored-to"] ? new Date(values["restored-to"]) : null;
  if (restoredTo && Number.isNaN(restoredTo.getTime())) throw new Error("--restored-to is not a date and time");
  if (command === "settle" && !values["sent-log"]) throw new Error("settle needs --sent-log FILE");

  const env = parseEnv();
  const database = await openDatabase(env, () => undefined);
  const db = createDb(database.pool);
  const actor = { id: null, name: `Operator (${userInfo().username} on the server)` };
  const now = new Date();
  try {
    if (command === "hold") {
      const hold = await holdOutgoing(db, { reason: values.reason ?? "Restored from a backup", restoredTo, now, actor });
      console.info(`Mail and jobs held since ${hold.heldAt.toISOString()}.`);
    } else if (command === "settle") {
      const entries = await readSentLog(values["sent-log"]!);
      const settled = await settleFromSentLog(db, entries);
      console.info(`${settled} mail(s) the old server had sent are marked sent (of ${entries.length} in the log).`);
    } else if (command === "release") {
      const released = await releaseOutgoing(db, { now, actor });
      console.info(released ? "Released: mail and jobs start within seconds." : "Nothing was held.");
    } else {
      const hold = await activeHold(db);
      console.info(hold ? `Held since ${hold.heldAt.toISOString()}: ${hold.reason}` : "Not held.");
    }
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
