import type { DbOrTx } from "../../db/client";
import { enqueueMail, officeRecipient, type MailSettings } from "./outbox";
import { newMessageNotice, type ContactMessageMail } from "./office-notices";

/** Queues the provider's new-message notice; call it in the transaction that stores the message. */
export async function enqueueNewMessageNotice(tx: DbOrTx, message: ContactMessageMail, settings: MailSettings, now?: Date) {
  await enqueueMail(
    tx,
    {
      ...officeRecipient(settings),
      // The office answers the customer with its mail client's Reply.
      replyTo: { address: message.emailAddress, name: `${message.firstName} ${message.lastName}` },
      kind: "new_message",
      ...newMessageNotice(message, settings),
    },
    now,
  );
}
