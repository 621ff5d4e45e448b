import type { MailAttachment } from "../../db/schema";

/** A rendered mail: what the templates produce and the outbox stores. Apart, so neither imports the other. */
export type RenderedMail = { subject: string; html: string; text: string; attachments?: MailAttachment[] };
