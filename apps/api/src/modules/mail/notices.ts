import type { DbOrTx } from "../../db/client";
import { enqueueMail, type MailSettings } from "./outbox";
import { newMessageNotice, type ContactMessageMail } from "./templates";

/** Queues the provider's new-message notice; call it in the transaction that stores the message. */
export async function enqueueNewMessageNotice(tx: DbOrTx, message: ContactMessageMail, settings: MailSettings, now?: Date) {
  await enqueueMail(tx, { to: settings.providerEmail, kind: "new_message", ...newMessageNotice(message, settings) }, now);
}
