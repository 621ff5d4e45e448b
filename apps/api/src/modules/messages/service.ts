/** Contact messages: a new message with the provider's notice, and the office marking them handled. */
import type { ContactMessage, ContactMessageCreateInput } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import type { MailSettings } from "../mail";
import { enqueueNewMessageNotice } from "../mail";
import { logActivity, type Actor } from "../activity";
import { insertMessage, lockMessage, toContactMessage, writeHandled } from "./repository";

/** The message and the provider's notice in one transaction: both or neither. */
export async function receiveMessage(db: Db, body: ContactMessageCreateInput, settings: MailSettings, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await insertMessage(tx, body, now);
    await enqueueNewMessageNotice(tx, body, settings, now);
  });
}

/**
 * Marks a message handled (who and when) or back to unhandled, with its activity entry. Asking for
 * the state it is already in changes nothing (the first handler's name and time stay): safe to retry.
 */
export async function setMessageHandled(db: Db, id: number, handled: boolean, actor: Actor, now: Date): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const current = await lockMessage(tx, id);
    if (!current) throw new HttpError(404, "Message not found");
    if ((current.handledAt !== null) === handled) return toContactMessage(current);
    const row = await writeHandled(tx, id, handled ? { at: now, by: actor.name } : null);
    const sender = `${current.firstName} ${current.lastName}`;
    await logActivity(tx, {
      type: "other",
      action: handled ? "Message marked handled" : "Message marked unhandled",
      details: `From ${sender} (${current.emailAddress})`,
      actor,
      at: now,
    });
    return toContactMessage(row);
  });
}
