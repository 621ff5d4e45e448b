import { createHash } from "node:crypto";
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_ATTEMPTS } from "@app/contract";
import type { Db } from "../../db/client";
import { bumpFailures, deleteStaleThrottle, deleteThrottleKey, markKey, throttleRows } from "./throttle-repository";

/**
 * Sign-in throttling that nobody can turn into a lock-out (docs/decisions/142), in Postgres so
 * every API instance counts together:
 * - per client and account pair: LOGIN_MAX_ATTEMPTS failures within LOGIN_LOCK_MINUTES hold that
 *   client back for that account until the window ends; other clients are not affected;
 * - per account, from every client: after `backoffAfter` failures within an hour each further
 *   attempt waits a little longer (2, 4, 8 … seconds, at most a minute) — slows a spread-out
 *   guesser without locking anyone out; a browser that signed in to the account before (its
 *   device cookie) is exempt, so an attacker cannot keep the owner out.
 * Keys are the e-mail as typed (normalised), whether or not the account exists: the answers and
 * their timing are the same for real and unknown accounts.
 */
const PAIR_WINDOW_MS = LOGIN_LOCK_MINUTES * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
const MAX_BACKOFF_MS = 60_000;
const DEVICE_DAYS = 90;

export type ThrottleState = { blockedUntil: Date | null; attempts: number };

const pairKey = (scope: string, client: string, account: string) => `${scope}:pair:${client}:${account}`;
const accountKey = (scope: string, account: string) => `${scope}:account:${account}`;
const deviceKey = (account: string, device: string) => `device:${account}:${createHash("sha256").update(device).digest("hex")}`;

export type ThrottleInput = {
  scope: "login" | "mfa";
  client: string;
  account: string;
  now: Date;
  backoffAfter: number;
  /** The browser's device cookie, when it has one. */
  device?: string | undefined;
};

/** Whether this attempt may go ahead, and the client's failures so far in its window. */
export async function throttleState(db: Db, input: ThrottleInput): Promise<ThrottleState> {
  const pk = pairKey(input.scope, input.client, input.account);
  const ak = accountKey(input.scope, input.account);
  const keys = [pk, ak];
  const dk = input.device ? deviceKey(input.account, input.device) : null;
  if (dk) keys.push(dk);
  const found = await throttleRows(db, keys);
  const now = input.now.getTime();
  const pair = found.get(pk);
  const attempts = pair && now - pair.window_start.getTime() < PAIR_WINDOW_MS ? pair.failures : 0;
  if (pair && attempts >= LOGIN_MAX_ATTEMPTS) {
    return { blockedUntil: new Date(pair.window_start.getTime() + PAIR_WINDOW_MS), attempts };
  }
  const device = dk ? found.get(dk) : undefined;
  const knownDevice = device !== undefined && now - device.window_start.getTime() < DEVICE_DAYS * 86_400_000;
  const account = found.get(ak);
  if (
    !knownDevice &&
    account &&
    now - account.window_start.getTime() < ACCOUNT_WINDOW_MS &&
    account.failures >= input.backoffAfter
  ) {
    const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (account.failures - input.backoffAfter + 1));
    const until = account.last_failure_at.getTime() + wait;
    if (until > now) return { blockedUntil: new Date(until), attempts };
  }
  return { blockedUntil: null, attempts };
}

/** Counts a failure against the pair and the account; answers the pair's count in its window. */
export async function recordFailure(db: Db, input: Omit<ThrottleInput, "backoffAfter" | "device">): Promise<number> {
  const attempts = await bumpFailures(db, pairKey(input.scope, input.client, input.account), input.now, PAIR_WINDOW_MS);
  await bumpFailures(db, accountKey(input.scope, input.account), input.now, ACCOUNT_WINDOW_MS);
  return attempts;
}

/** A success clears the pair's count and remembers the browser as one that signed in to this account. */
export async function recordSuccess(db: Db, input: Omit<ThrottleInput, "backoffAfter">): Promise<void> {
  await deleteThrottleKey(db, pairKey(input.scope, input.client, input.account));
  if (input.device) await markKey(db, deviceKey(input.account, input.device), input.now);
}

/** Rows that can no longer matter: counters a day after their window, device marks after 90 days. */
export async function pruneThrottle(db: Db, now: Date): Promise<void> {
  await deleteStaleThrottle(db, now, DEVICE_DAYS);
}
