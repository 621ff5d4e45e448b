import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import cookie, { type CookieSerializeOptions } from "@fastify/cookie";
import jwt from "@fastify/jwt";
import type { FastifyRequest } from "fastify";
import type { AppRoute } from "@ts-rest/core";
import type { RouteMeta, StaffRole, User } from "@app/contract";
import { sql } from "drizzle-orm";
import { HttpError } from "../lib/http-error";
import { logActivity } from "../modules/activity";

export const SESSION_COOKIE = "session";

/** What the session functions need of a reply (ts-rest hands out Fastify 4-shaped reply types). */
export type CookieReply = {
  setCookie: (name: string, value: string, options: CookieSerializeOptions) => unknown;
  clearCookie: (name: string, options: CookieSerializeOptions) => unknown;
};

/**
 * 'full': signed in. 'second_factor': the password was right, the code or passkey is still due.
 * 'setup': the password was right, a second factor is required and the user has none yet.
 */
export type SessionStage = "full" | "second_factor" | "setup";

export type Session = {
  user: User;
  jti: string;
  stage: SessionStage;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
};

type TokenPayload = { sub: string; jti: string; exp: number; iat: number };

/** Requests that must not count as the user's activity (background polls) send this header. */
export const PASSIVE_HEADER = "x-session-passive";

/** Answers of the guard (also used by the tests). */
export const SESSION_EXPIRED = "Session expired. Please log in again.";
export const NOT_STAFF = "Administrator access required";
export const ROLE_NOT_ALLOWED = "Your role does not allow this";
export const SECOND_FACTOR_DUE = "Second factor required";

declare module "fastify" {
  interface FastifyInstance {
    /** Opens a session for the user: a row in `sessions`, the cookie, and the token (returned). */
    startSession: (request: FastifyRequest, reply: CookieReply, userId: number, stage?: SessionStage) => Promise<string>;
    /** The session of the request (bearer header first, then the cookie), or null. Counts as activity. */
    readSession: (request: FastifyRequest) => Promise<Session | null>;
    /** Ends the request's session (sign-out) and clears the cookie. */
    endSession: (request: FastifyRequest, reply: CookieReply) => Promise<void>;
    /** Ends sessions of a user (all, or all but one), logging each end. Returns how many ended. */
    endUserSessions: (userId: number, reason: string, opts?: { exceptId?: string; actorName?: string }) => Promise<number>;
    /** Moves a session to another stage (after the second factor or its set-up). */
    setSessionStage: (sessionId: string, stage: SessionStage) => Promise<void>;
    sessionSettings: { hours: number; idleMinutes: number };
  }
  interface FastifyRequest {
    /** Set by the guard (and by routes that look up the session themselves). */
    session: Session | null;
  }
  interface FastifyContextConfig {
    tsRestRoute?: AppRoute;
  }
}

type Row = {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  role: StaffRole | null;
  disabled_at: Date | null;
  stage: SessionStage;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

export default fp(
  async (
    app,
    opts: { secret: string; previousSecret?: string; sessionHours: number; idleMinutes: number; secureCookie: boolean },
  ) => {
    await app.register(cookie);
    // A token without an expiry is never accepted (issue 11).
    const verify = { algorithms: ["HS256" as const], requiredClaims: ["exp", "jti", "sub"] };
    await app.register(jwt, { secret: opts.secret, sign: { algorithm: "HS256" }, verify });
    // JWT_SECRET rotation (decision 268): sessions signed with the previous secret stay valid until
    // they expire (at most SESSION_HOURS); new ones are signed with the current secret only.
    let verifyPrevious: ((token: string) => TokenPayload) | null = null;
    if (opts.previousSecret) {
      await app.register(jwt, { secret: opts.previousSecret, namespace: "previous", verify });
      const previous = (app.jwt as unknown as { previous: { verify: <T>(token: string) => T } }).previous;
      verifyPrevious = (token) => previous.verify<TokenPayload>(token);
    }
    const verifyToken = (token: string): TokenPayload => {
      try {
        return app.jwt.verify<TokenPayload>(token);
      } catch (err) {
        if (!verifyPrevious) throw err;
        return verifyPrevious(token);
      }
    };
    app.decorateRequest("session", null);
    app.decorate("sessionSettings", { hours: opts.sessionHours, idleMinutes: opts.idleMinutes });

    const idleMs = opts.idleMinutes * 60_000;
    const cookieOptions = {
      httpOnly: true,
      sameSite: "strict" as const,
      secure: opts.secureCookie,
      path: "/",
    };

    function tokenOf(request: FastifyRequest): string | null {
      const header = request.headers.authorization;
      if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || null;
      return request.cookies[SESSION_COOKIE] ?? null;
    }

    app.decorate(
      "startSession",
      async (request: FastifyRequest, reply: CookieReply, userId: number, stage: SessionStage = "full") => {
        const id = randomUUID();
        const now = app.now();
        const expiresAt = new Date(now.getTime() + opts.sessionHours * 3600_000);
        const agent = String(request.headers["user-agent"] ?? "").slice(0, 400);
        await app.db.execute(
          sql`insert into sessions (id, user_id, stage, user_agent, ip, created_at, last_seen_at, expires_at)
            values (${id}, ${userId}, ${stage}, ${agent}, ${request.ip ?? ""}, ${now.toISOString()}, ${now.toISOString()}, ${expiresAt.toISOString()})`,
        );
        // The token's own expiry is the session's absolute end (never a token without one).
        const token = app.jwt.sign({ sub: String(userId), jti: id }, { expiresIn: `${opts.sessionHours}h` });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: opts.sessionHours * 3600 });
        request.session = null;
        return token;
      },
    );

    async function logEnd(userId: number, name: string, reason: string, actorName?: string) {
      await logActivity(app.db, {
        type: "security",
        action: "Session ended",
        details: `${name}: ${reason}`,
        actor: { id: userId, name: actorName ?? name },
        at: app.now(),
      });
    }

    app.decorate("readSession", async (request: FastifyRequest): Promise<Session | null> => {
      if (request.session) return request.session;
      const token = tokenOf(request);
      if (!token) return null;
      let payload: TokenPayload;
      try {
        payload = verifyToken(token);
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
      // One round trip: the session row and the user as they are now (role, disabled).
      const { rows } = await app.db.execute<Row>(
        sql`select u.id, u.name, u.email, u.is_admin, u.role, u.disabled_at,
                   s.stage, s.created_at, s.last_seen_at, s.expires_at, s.ended_at
            from sessions s join users u on u.id = s.user_id
            where s.id = ${payload.jti} and s.user_id = ${userId}`,
      );
      const row = rows[0];
      if (!row || row.ended_at) return null;
      const now = app.now();
      const lastSeen = new Date(row.last_seen_at);
      const expiresAt = new Date(row.expires_at);
      const timedOut = expiresAt <= now ? "12-hour limit reached" : now.getTime() - lastSeen.getTime() >= idleMs ? "idle" : null;
      if (timedOut || row.disabled_at) {
        const ended = await app.db.execute(
          sql`update sessions set ended_at = ${now.toISOString()}, end_reason = ${timedOut ?? "disabled"}
              where id = ${payload.jti} and ended_at is null returning id`,
        );
        if (ended.rows.length && timedOut)
          await logEnd(row.id, row.name, timedOut === "idle" ? "signed out after 30 minutes without activity" : timedOut);
        return null;
      }
      let seen = lastSeen;
      // Background polls do not keep a session alive; anything else the user does does.
      if (request.headers[PASSIVE_HEADER] === undefined && now.getTime() - lastSeen.getTime() >= 5_000) {
        seen = now;
        await app.db.execute(sql`update sessions set last_seen_at = ${now.toISOString()} where id = ${payload.jti}`);
      }
      request.session = {
        user: { id: row.id, name: row.name, email: row.email, is_admin: row.is_admin, role: row.role },
        jti: payload.jti,
        stage: row.stage,
        createdAt: new Date(row.created_at),
        expiresAt,
        lastSeenAt: seen,
        idleExpiresAt: new Date(Math.min(seen.getTime() + idleMs, expiresAt.getTime())),
      };
      return request.session;
    });

    app.decorate("endSession", async (request: FastifyRequest, reply: CookieReply) => {
      const session = await app.readSession(request);
      if (session) {
        const ended = await app.db.execute(
          sql`update sessions set ended_at = ${app.now().toISOString()}, end_reason = 'signed out'
              where id = ${session.jti} and ended_at is null returning id`,
        );
        if (ended.rows.length) await logEnd(session.user.id, session.user.name, "signed out");
        // Rows long past their end are of no use to anyone.
        await app.db.execute(
          sql`delete from sessions where expires_at < ${app.now().toISOString()}::timestamptz - interval '30 days'`,
        );
      }
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    app.decorate("endUserSessions", async (userId: number, reason: string, o: { exceptId?: string; actorName?: string } = {}) => {
      const now = app.now().toISOString();
      const { rows } = await app.db.execute<{ id: string; name: string }>(
        sql`update sessions s set ended_at = ${now}, end_reason = ${reason}
            from users u
            where u.id = s.user_id and s.user_id = ${userId} and s.ended_at is null and s.expires_at > ${now}
              ${o.exceptId ? sql`and s.id <> ${o.exceptId}` : sql``}
            returning s.id, u.name`,
      );
      for (const r of rows) await logEnd(userId, r.name, reason, o.actorName);
      return rows.length;
    });

    app.decorate("setSessionStage", async (sessionId: string, stage: SessionStage) => {
      await app.db.execute(sql`update sessions set stage = ${stage} where id = ${sessionId}`);
    });

    // The one role guard: every route whose contract entry declares `metadata.roles`.
    app.addHook("preHandler", async (request) => {
      const meta = request.routeOptions.config?.tsRestRoute?.metadata as (RouteMeta & { setup?: boolean }) | undefined;
      if (!meta?.roles) return;
      const session = await app.readSession(request);
      if (!session) throw new HttpError(401, SESSION_EXPIRED);
      if (!session.user.is_admin || !session.user.role) throw new HttpError(403, NOT_STAFF);
      if (session.stage === "second_factor") throw new HttpError(401, SECOND_FACTOR_DUE);
      if (session.stage === "setup" && !meta.setup) throw new HttpError(403, SECOND_FACTOR_DUE);
      if (!meta.roles.includes(session.user.role)) throw new HttpError(403, ROLE_NOT_ALLOWED);
    });
  },
  { name: "auth", dependencies: ["db"] },
);
