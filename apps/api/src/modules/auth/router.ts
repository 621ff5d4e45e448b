import { randomBytes } from "node:crypto";
import { initServer } from "@ts-rest/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { contract, LOGIN_MAX_ATTEMPTS, type LoginNext, type SessionInfo, type User } from "@app/contract";
import { users } from "../../db/schema";
import { logActivity } from "../activity";
import type { CookieReply, Session } from "../../plugins/auth";
import { attemptLogin, secondFactorThrottle, toUser, useRecoveryCode } from "./service";
import { checkPasskey, checkTotp, hasSecondFactor, passkeyLoginOptions, spendTotpStep } from "./factors";
import { deviceName } from "./device";
import { HttpError } from "../../lib/http-error";

const s = initServer();

/** A random id remembered by the browser that signed in: exempt from the per-account back-off. */
export const DEVICE_COOKIE = "device";

export function relyingParty(app: FastifyInstance) {
  return { id: app.env.WEBAUTHN_RP_ID, name: app.env.PROVIDER_NAME, origin: app.env.ADMIN_ORIGIN.replace(/\/$/, "") };
}

const tooMany = (app: FastifyInstance, attempts: number, lockedUntil: Date) => {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - app.now().getTime()) / 60_000));
  return {
    status: 429 as const,
    body: {
      message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      attempts,
      max_attempts: LOGIN_MAX_ATTEMPTS,
      locked_until: lockedUntil.toISOString(),
    },
  };
};

export function sessionInfo(app: FastifyInstance, session: Session): SessionInfo {
  return {
    expires_at: session.expiresAt.toISOString(),
    idle_expires_at: session.idleExpiresAt.toISOString(),
    idle_minutes: app.sessionSettings.idleMinutes,
    stage: session.stage,
  };
}

async function logSignIn(app: FastifyInstance, request: FastifyRequest, user: User, how: string) {
  await logActivity(app.db, {
    type: "security",
    action: "Signed in",
    details: `${user.name} (${user.role ?? "no role"}) with ${how}, ${deviceName(String(request.headers["user-agent"] ?? ""))}`,
    actor: { id: user.id, name: user.name },
    at: app.now(),
  });
}

/** Completes a sign-in whose second factor was just given. */
async function finishSecondFactor(request: FastifyRequest, session: Session, how: string) {
  const app = request.server;
  await app.setSessionStage(session.jti, "full");
  await logSignIn(app, request, session.user, how);
  const token = (request.headers.authorization?.slice(7) ?? request.cookies["session"]) || "";
  return { status: 200 as const, body: { access_token: token, user: session.user, next: "done" as LoginNext, methods: [] } };
}

async function failSecondFactor(request: FastifyRequest, session: Session, what: string) {
  const app = request.server;
  const throttle = await secondFactorThrottle(app.db, session.user.id, {
    ip: request.ip,
    now: app.now(),
    backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER,
  });
  const { attempts, lockedUntil } = await throttle.fail();
  await logActivity(app.db, {
    type: "security",
    action: "Second factor failed",
    details: `${session.user.name}: wrong ${what}`,
    actor: { id: session.user.id, name: session.user.name },
    at: app.now(),
  });
  if (lockedUntil) return tooMany(app, attempts, lockedUntil);
  return {
    status: 401 as const,
    body: { message: `That ${what} is not right. Please try again.`, attempts, max_attempts: LOGIN_MAX_ATTEMPTS },
  };
}

/** The half-signed-in session of a second step, or an answer to give instead. */
async function pendingSession(request: FastifyRequest) {
  const app = request.server;
  const session = await app.readSession(request);
  if (!session || session.stage !== "second_factor") {
    return { ok: false as const, answer: { status: 401 as const, body: { message: "Session expired. Please log in again." } } };
  }
  const throttle = await secondFactorThrottle(app.db, session.user.id, {
    ip: request.ip,
    now: app.now(),
    backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER,
  });
  const state = await throttle.state();
  if (state.blockedUntil) return { ok: false as const, answer: tooMany(app, state.attempts, state.blockedUntil) };
  return { ok: true as const, session, throttle };
}

export const authRouter = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const app = request.server;
    const known = request.cookies[DEVICE_COOKIE];
    const device = known && /^[\w-]{20,64}$/.test(known) ? known : randomBytes(24).toString("base64url");
    const result = await attemptLogin(app.db, body.email, body.password, {
      ip: request.ip,
      device,
      now: app.now(),
      backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER,
    });
    if (!result.ok) {
      if (result.status === 429) return tooMany(app, result.attempts, result.lockedUntil);
      return {
        status: 401,
        body: { message: "Invalid email or password", attempts: result.attempts, max_attempts: LOGIN_MAX_ATTEMPTS },
      };
    }
    const user = result.user;
    const factors = user.is_admin ? await hasSecondFactor(app.db, user.id) : { totp: false, passkeys: 0 };
    const next: LoginNext =
      factors.totp || factors.passkeys > 0
        ? "second_factor"
        : user.is_admin && app.env.REQUIRE_SECOND_FACTOR
          ? "setup_second_factor"
          : "done";
    const stage = next === "done" ? "full" : next === "second_factor" ? "second_factor" : "setup";
    const access_token = await app.startSession(request, reply as unknown as CookieReply, user.id, stage);
    if (device !== known) {
      (reply as unknown as CookieReply).setCookie(DEVICE_COOKIE, device, {
        httpOnly: true,
        sameSite: "strict",
        secure: app.env.COOKIE_SECURE,
        path: "/api/login",
        maxAge: 90 * 86_400,
      });
    }
    if (next !== "second_factor") await logSignIn(app, request, user, "password");
    const methods =
      next === "second_factor"
        ? ([...(factors.totp ? ["totp"] : []), ...(factors.passkeys ? ["passkey"] : []), "recovery_code"] as (
            | "totp"
            | "passkey"
            | "recovery_code"
          )[])
        : [];
    return { status: 200, body: { access_token, user, next, methods } };
  },

  loginTotp: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    const [row] = await app.db.select().from(users).where(eq(users.id, session.user.id));
    if (row?.totpSecret) {
      const check = await checkTotp(row.totpSecret, body.code, row.totpLastStep, app.now());
      if (check.valid && (await spendTotpStep(app.db, row.id, check.timeStep))) {
        await throttle.succeed();
        return finishSecondFactor(request, session, "an authenticator app");
      }
    }
    return failSecondFactor(request, session, "code");
  },

  loginRecovery: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    if (await useRecoveryCode(app.db, session.user.id, body.code, app.now())) {
      await throttle.succeed();
      return finishSecondFactor(request, session, "a recovery code");
    }
    return failSecondFactor(request, session, "recovery code");
  },

  loginPasskeyOptions: async ({ request }) => {
    const app = request.server;
    const session = await app.readSession(request);
    if (!session || session.stage !== "second_factor")
      return { status: 401, body: { message: "Session expired. Please log in again." } };
    const options = await passkeyLoginOptions(app.db, relyingParty(app), session.user.id, session.jti, app.now());
    return { status: 200, body: options as unknown as Record<string, unknown> };
  },

  loginPasskey: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    if (await checkPasskey(app.db, relyingParty(app), session.user.id, session.jti, body.response, app.now())) {
      await throttle.succeed();
      return finishSecondFactor(request, session, "a passkey");
    }
    return failSecondFactor(request, session, "passkey");
  },

  logout: async ({ request, reply }) => {
    await request.server.endSession(request, reply as unknown as CookieReply);
    return { status: 200, body: { message: "Logged out" } };
  },

  me: async ({ request }) => {
    const session = await request.server.readSession(request);
    if (!session) return { status: 401, body: { message: "Session expired. Please log in again." } };
    return { status: 200, body: { user: session.user, session: sessionInfo(request.server, session) } };
  },

  keepAlive: async ({ request }) => {
    const session = await request.server.readSession(request);
    if (!session) throw new HttpError(401, "Session expired. Please log in again.");
    return { status: 200, body: sessionInfo(request.server, session) };
  },
});

export { toUser };
