/**
 * A mail to the person who booked, from the office's (and the customer's own) booking actions:
 * it always carries the booking's own page link (decision 440), so every customer mail leads back
 * to where the booking can be seen, paid, changed or cancelled.
 */
import type { Tx } from "../../db/client";
import { withManageLinkTx } from "../customer-links";
import { customerRecipient, type MailSettings, type RenderedMail } from "../mail";
import * as repo from "./repository";

export async function queueBuyerMail(
  tx: Tx,
  order: repo.OrderRow,
  kind: repo.BookingMailKind,
  mail: RenderedMail,
  ctx: { mail: MailSettings; now: Date },
  /** A confirmation: the model cancellation form's information too (as the first confirmation has it). */
  opts: { cancellation?: boolean } = {},
): Promise<void> {
  const linked = await withManageLinkTx(tx, order.id, mail, ctx.mail, ctx.now, opts);
  await repo.queueMail(tx, { ...customerRecipient(order), kind, ...linked }, ctx.now);
}
