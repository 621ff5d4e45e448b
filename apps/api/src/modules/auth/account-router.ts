import { initServer } from "@ts-rest/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, sql } from "drizzle-orm";
import { contract } from "@app/contract";
import { passkeys, users } from "../../db/schema";
import { hashPassword, passwordProblem, verifyPassword } from "../../lib/password";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity";
import type { Session } from "../../plugins/auth";
import { addPasskey, checkTotp, hasSecondFactor, passkeyRegistrationOptions, spendTotpStep, startTotp } from "./factors";
import { recoveryCodesLeft, replaceRecoveryCodes } from "./service";
import { deviceName } from "./device";
import { relyingParty } from "./router";

const s = initServer();

/** The guard has checked the route's roles; this is the session it found. */
function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, "Session expired. Please log in again.");
  return request.session;
}

/** Every change to a staff member's own sign-in methods is a security entry in the activity log, by them. */
function logSecurity(app: FastifyInstance, who: { id: number; name: string }, action: string, details: string) {
  return logActivity(app.db, { type: "security", action, details, actor: { id: who.id, name: who.name }, at: app.now() });
}

/** A session in 'setup' becomes a full one once the first second factor is in place. */
async function afterFactorAdded(request: FastifyRequest, session: Session): Promise<string[]> {
  const app = request.server;
  const left = await recoveryCodesLeft(app.db, session.user.id);
  const codes = left === 0 ? await replaceRecoveryCodes(app.db, session.user.id) : [];
  if (session.stage === "setup") await app.setSessionStage(session.jti, "full");
  return codes;
}

export const accountRouter = s.router(contract.account, {
  sessions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const now = app.now().toISOString();
    const idle = `${app.sessionSettings.idleMinutes} minutes`;
    const { rows } = await app.db.execute<{ id: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date }>(
      sql`select id, user_agent, ip, created_at, last_seen_at from sessions
          where user_id = ${session.user.id} and ended_at is null and stage = 'full' and expires_at > ${now}
            and last_seen_at > ${now}::timestamptz - ${idle}::interval
          order by last_seen_at desc`,
    );
    return {
      status: 200,
      body: rows.map((r) => ({
        id: r.id,
        device: deviceName(r.user_agent),
        ip: r.ip,
        signed_in_at: new Date(r.created_at).toISOString(),
        last_active_at: new Date(r.last_seen_at).toISOString(),
        current: r.id === session.jti,
      })),
    };
  },

  endSession: async ({ params, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const { rows } = await app.db.execute<{ id: string }>(
      sql`update sessions set ended_at = ${app.now().toISOString()}, end_reason = 'signed out from another session'
          where id = ${params.id} and user_id = ${session.user.id} and ended_at is null returning id`,
    );
    if (!rows.length) return { status: 404, body: { message: "Session not found" } };
    await logSecurity(app, session.user, "Session ended", `${session.user.name}: signed out from another session`);
    return { status: 200, body: { message: "Signed out" } };
  },

  endOtherSessions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const ended = await app.endUserSessions(session.user.id, "signed out everywhere else", { exceptId: session.jti });
    return {
      status: 200,
      body: { message: ended === 1 ? "Signed out 1 other session" : `Signed out ${ended} other sessions`, ended },
    };
  },

  changePassword: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const [row] = await app.db.select().from(users).where(eq(users.id, session.user.id));
    if (!row || !(await verifyPassword(row.passwordHash, body.current_password))) {
      throw new HttpError(400, "Please check the form", {
        issues: [{ path: "current_password", message: "Your current password is not right" }],
      });
    }
    const problem = passwordProblem(body.new_password, row.email, row.name);
    if (problem) throw new HttpError(400, "Please check the form", { issues: [{ path: "new_password", message: problem }] });
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.new_password), updatedAt: app.now() })
      .where(eq(users.id, row.id));
    await logSecurity(app, row, "Password changed", row.name);
    await app.endUserSessions(row.id, "password changed", { exceptId: session.jti });
    return { status: 200, body: { message: "Password changed. Every other session has been signed out." } };
  },

  security: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    const keys = await app.db.select().from(passkeys).where(eq(passkeys.userId, session.user.id));
    return {
      status: 200,
      body: {
        totp: factors.totp,
        passkeys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          created_at: k.createdAt.toISOString(),
          last_used_at: k.lastUsedAt?.toISOString() ?? null,
        })),
        recovery_codes_left: await recoveryCodesLeft(app.db, session.user.id),
        second_factor_required: app.env.REQUIRE_SECOND_FACTOR,
      },
    };
  },

  totpSetup: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (factors.totp)
      return { status: 409, body: { message: "An authenticator app is already set up. Remove it first to add another." } };
    return { status: 200, body: await startTotp(app.db, session.user, app.env.PROVIDER_NAME) };
  },

  totpConfirm: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const [row] = await app.db.select().from(users).where(eq(users.id, session.user.id));
    if (!row?.totpPendingSecret) return { status: 409, body: { message: "Start adding the authenticator app first." } };
    const check = await checkTotp(row.totpPendingSecret, body.code, null, app.now());
    if (!check.valid)
      throw new HttpError(400, "Please check the form", {
        issues: [{ path: "code", message: "That code is not right. Please try again." }],
      });
    await app.db
      .update(users)
      .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, row.id));
    // The code that confirmed the app is spent: it cannot sign anyone in afterwards.
    await spendTotpStep(app.db, row.id, check.timeStep);
    await logSecurity(app, row, "Authenticator app added", row.name);
    return { status: 200, body: { recovery_codes: await afterFactorAdded(request, session) } };
  },

  totpRemove: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (!factors.totp) return { status: 409, body: { message: "No authenticator app is set up." } };
    if (app.env.REQUIRE_SECOND_FACTOR && factors.passkeys === 0)
      return { status: 409, body: { message: "A second factor is required: add a passkey before removing the app." } };
    await app.db.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.id, session.user.id));
    await logSecurity(app, session.user, "Authenticator app removed", session.user.name);
    return { status: 200, body: { message: "Authenticator app removed" } };
  },

  recoveryCodes: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (!factors.totp && factors.passkeys === 0)
      return { status: 409, body: { message: "Add an authenticator app or a passkey first." } };
    const codes = await replaceRecoveryCodes(app.db, session.user.id);
    await logSecurity(app, session.user, "Recovery codes replaced", session.user.name);
    return { status: 200, body: { recovery_codes: codes } };
  },

  passkeyOptions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const options = await passkeyRegistrationOptions(app.db, relyingParty(app), session.user, session.jti, app.now());
    return { status: 200, body: options as unknown as Record<string, unknown> };
  },

  passkeyAdd: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const result = await addPasskey(app.db, relyingParty(app), session.user.id, session.jti, body.response, body.name, app.now());
    if (!result.ok) throw new HttpError(400, result.message);
    await logSecurity(app, session.user, "Passkey added", `${session.user.name}: ${body.name?.trim() || "Passkey"}`);
    return { status: 200, body: { recovery_codes: await afterFactorAdded(request, session) } };
  },

  passkeyRemove: async ({ params, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (app.env.REQUIRE_SECOND_FACTOR && !factors.totp && factors.passkeys <= 1)
      return { status: 409, body: { message: "A second factor is required: add another one before removing this passkey." } };
    const gone = await app.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, session.user.id)))
      .returning({ id: passkeys.id });
    if (!gone.length) return { status: 404, body: { message: "Passkey not found" } };
    await logSecurity(app, session.user, "Passkey removed", session.user.name);
    return { status: 200, body: { message: "Passkey removed" } };
  },
});
