/** The booking's own page link for the customer's mails (made the first time a mail needs it). */
import type { DbOrTx } from "../../db/client";
import type { MailSettings } from "../mail/outbox";
import { manageUrl } from "./mails";
import * as repo from "./repository";

export async function manageLinkTx(db: DbOrTx, orderId: number, s: MailSettings, now: Date): Promise<string> {
  return manageUrl(s, await repo.manageToken(db, orderId, now));
}
