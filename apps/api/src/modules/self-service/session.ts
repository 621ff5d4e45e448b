/**
 * "My bookings" sign-in (decision 440): a one-use link mailed to the address, valid 30 minutes,
 * stored as a hash; spending it starts a 30-minute session scoped to that address. The request is
 * answered the same, after the same work, whether or not the address has bookings.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { enqueueMail, type MailSettings } from "../mail";
import { signInMail } from "./mails";
import * as repo from "./repository";

export const SIGN_IN_MINUTES = 30;
export const SESSION_MINUTES = 30;
export const SESSION_COOKIE = "my_bookings";

export const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Always writes a sign-in row (same work either way); mails the link only when the address has bookings. */
export async function requestSignIn(db: Db, email: string, now: Date, mail: MailSettings): Promise<boolean> {
  const token = repo.newToken();
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await repo.addSignIn(tx, hashOf(token), address, new Date(now.getTime() + SIGN_IN_MINUTES * 60_000), now);
    if (!(await repo.hasBookings(tx, address))) return false;
    await enqueueMail(tx, { to: address, kind: "customer_sign_in", ...signInMail(mail, token, SIGN_IN_MINUTES) }, now);
    return true;
  });
}

/** Spends the link: answers the new session's token and address, or null (unknown, used, expired). */
export async function signIn(db: Db, token: string, now: Date): Promise<{ token: string; email: string } | null> {
  const email = await repo.spendSignIn(db, hashOf(token), now);
  if (!email) return null;
  const session = repo.newToken();
  await repo.addSession(db, hashOf(session), email, new Date(now.getTime() + SESSION_MINUTES * 60_000), now);
  return { token: session, email };
}

export const sessionEmail = (db: Db, token: string | undefined, now: Date) =>
  token ? repo.sessionEmail(db, hashOf(token), now) : Promise.resolve(null);

export const signOut = (db: Db, token: string | undefined) => (token ? repo.endSession(db, hashOf(token)) : Promise.resolve());
