import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../../db/client";
import * as repo from "./repository";
import { lazyRequire } from "../../lib/lazy-require";

// Second-factor libraries are loaded on a staff member's first set-up or sign-in (decision 250).
const otplib = lazyRequire<typeof import("otplib")>("otplib");
const qrcode = lazyRequire<typeof import("qrcode")>("qrcode");
const webauthn = lazyRequire<typeof import("@simplewebauthn/server")>("@simplewebauthn/server");

/** TOTP per RFC 6238: 30-second steps, 6 digits, SHA-1 (what every authenticator app reads). */
const PERIOD = 30;
/** One step either side for clock drift. */
const TOLERANCE_SECONDS = 30;

export async function startTotp(db: Db, user: { id: number; email: string }, issuer: string) {
  const secret = otplib().generateSecret();
  await repo.setTotpPendingSecret(db, user.id, secret);
  const otpauth = otplib().generateURI({ issuer, label: user.email, secret });
  const svg = await qrcode().toString(otpauth, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauth_url: otpauth, qr_svg: svg };
}

/**
 * Checks a code against a secret, refusing any time step at or before the last one used
 * (`afterTimeStep`): a code that signed someone in once never works again.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null, now: Date) {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return { valid: false as const };
  const result = await otplib().verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid ? { valid: true as const, timeStep: (result as { timeStep: number }).timeStep } : { valid: false as const };
}

/** Records the step used, atomically: two requests with the same code cannot both win. */
export const spendTotpStep = repo.spendTotpStep;

// ---- Passkeys (WebAuthn) ---------------------------------------------------------------------

export type RelyingParty = { id: string; name: string; origin: string };

const CHALLENGE_MINUTES = 5;

async function saveChallenge(db: Db, key: string, challenge: string, now: Date) {
  const expires = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
  await repo.saveChallenge(db, key, challenge, expires);
}

/** The challenge of this session, once (it is deleted as it is read). */
async function takeChallenge(db: Db, key: string, now: Date): Promise<string | null> {
  const row = await repo.deleteChallenge(db, key);
  if (!row || new Date(row.expires_at) <= now) return null;
  return row.challenge;
}

async function userPasskeys(db: Db, userId: number) {
  return repo.passkeysOf(db, userId);
}

const transportsOf = (t: string) => (t ? (t.split(",") as AuthenticatorTransport[]) : undefined);

export async function passkeyRegistrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; email: string; name: string },
  sessionId: string,
  now: Date,
) {
  const existing = await userPasskeys(db, user.id);
  const options = await webauthn().generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      ...(transportsOf(p.transports) ? { transports: transportsOf(p.transports)! } : {}),
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await saveChallenge(db, `reg:${sessionId}`, options.challenge, now);
  return options;
}

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  userId: number,
  sessionId: string,
  response: unknown,
  name: string | undefined,
  now: Date,
) {
  const challenge = await takeChallenge(db, `reg:${sessionId}`, now);
  if (!challenge) return { ok: false as const, message: "The passkey request has expired. Please try again." };
  let verified;
  try {
    verified = await webauthn().verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false as const, message: "The passkey could not be verified. Please try again." };
  }
  if (!verified.verified || !verified.registrationInfo)
    return { ok: false as const, message: "The passkey could not be verified. Please try again." };
  const cred = verified.registrationInfo.credential;
  await repo.insertPasskey(db, {
    id: cred.id,
    userId,
    publicKey: Buffer.from(cred.publicKey).toString("base64url"),
    counter: cred.counter,
    transports: (cred.transports ?? []).join(","),
    name: name?.trim() || "Passkey",
    createdAt: now,
  });
  return { ok: true as const };
}

export async function passkeyLoginOptions(db: Db, rp: RelyingParty, userId: number, sessionId: string, now: Date) {
  const mine = await userPasskeys(db, userId);
  const options = await webauthn().generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: mine.map((p) => ({
      id: p.id,
      ...(transportsOf(p.transports) ? { transports: transportsOf(p.transports)! } : {}),
    })),
    userVerification: "preferred",
  });
  await saveChallenge(db, `auth:${sessionId}`, options.challenge, now);
  return options;
}

export async function checkPasskey(
  db: Db,
  rp: RelyingParty,
  userId: number,
  sessionId: string,
  response: unknown,
  now: Date,
): Promise<boolean> {
  const challenge = await takeChallenge(db, `auth:${sessionId}`, now);
  if (!challenge) return false;
  const id = (response as { id?: unknown })?.id;
  if (typeof id !== "string") return false;
  const key = await repo.passkeyById(db, id);
  if (!key || key.userId !== userId) return false;
  try {
    const result = await webauthn().verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        ...(transportsOf(key.transports) ? { transports: transportsOf(key.transports)! } : {}),
      },
    });
    if (!result.verified) return false;
    await repo.recordPasskeyUse(db, key.id, result.authenticationInfo.newCounter, now);
    return true;
  } catch {
    return false;
  }
}

export async function hasSecondFactor(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  return repo.secondFactorsOf(db, userId);
}
