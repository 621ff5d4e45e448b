import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import cookie, { type CookieSerializeOptions } from "@fastify/cookie";
import jwt from "@fastify/jwt";
import type { FastifyRequest } from "fastify";
import type { AppRoute } from "@ts-rest/core";
import type { RouteMeta, User } from "@app/contract";
import { sql } from "drizzle-orm";
import { HttpError } from "../lib/http-error";

export const SESSION_COOKIE = "session";

/** What the session functions need of a reply (ts-rest hands out Fastify 4-shaped reply types). */
export type CookieReply = {
  setCookie: (name: string, value: string, options: CookieSerializeOptions) => unknown;
  clearCookie: (name: string, options: CookieSerializeOptions) => unknown;
};

export type Session = { user: User; jti: string; expiresAt: Date };

type TokenPayload = { sub: string; jti: string; exp: number; iat: number };

declare module "fastify" {
  interface FastifyInstance {
    /** Issues a session for the user: sets the cookie and returns the token. */
    startSession: (reply: CookieReply, userId: number) => string;
    /** The session of the request (bearer header first, then the cookie), or null. */
    readSession: (request: FastifyRequest) => Promise<Session | null>;
    endSession: (request: FastifyRequest, reply: CookieReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the admin guard (and by routes that look up the session themselves). */
    session: Session | null;
  }
  interface FastifyContextConfig {
    tsRestRoute?: AppRoute;
  }
}

export default fp(
  async (app, opts: { secret: string; sessionHours: number; secureCookie: boolean }) => {
    await app.register(cookie);
    await app.register(jwt, { secret: opts.secret, sign: { algorithm: "HS256" }, verify: { algorithms: ["HS256"] } });
    app.decorateRequest("session", null);

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

    app.decorate("startSession", (reply: CookieReply, userId: number) => {
      const token = app.jwt.sign(
        { sub: String(userId), jti: randomUUID() },
        { expiresIn: `${opts.sessionHours}h` },
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: opts.sessionHours * 3600 });
      return token;
    });

    app.decorate("readSession", async (request: FastifyRequest): Promise<Session | null> => {
      if (request.session) return request.session;
      const token = tokenOf(request);
      if (!token) return null;
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(token);
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== "string") return null;
      // One round trip: the user as it is now (is_admin may have changed) and whether the token was revoked.
      const { rows } = await app.db.execute<{ id: number; name: string; email: string; is_admin: boolean; revoked: boolean }>(
        sql`select u.id, u.name, u.email, u.is_admin,
                   exists(select 1 from revoked_tokens r where r.jti = ${payload.jti}) as revoked
            from users u where u.id = ${userId}`,
      );
      const row = rows[0];
      if (!row || row.revoked) return null;
      request.session = {
        user: { id: row.id, name: row.name, email: row.email, is_admin: row.is_admin },
        jti: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
      };
      return request.session;
    });

    app.decorate("endSession", async (request: FastifyRequest, reply: CookieReply) => {
      const session = await app.readSession(request);
      if (session) {
        await app.db.execute(
          sql`insert into revoked_tokens (jti, user_id, expires_at)
              values (${session.jti}, ${session.user.id}, ${session.expiresAt.toISOString()})
              on conflict (jti) do nothing`,
        );
        // Entries past their token's expiry can never match a usable token again.
        await app.db.execute(sql`delete from revoked_tokens where expires_at < now()`);
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    // The one admin guard: every route whose contract says `metadata.auth === "admin"`.
    app.addHook("preHandler", async (request) => {
      const meta = request.routeOptions.config?.tsRestRoute?.metadata as RouteMeta | undefined;
      if (meta?.auth !== "admin") return;
      const session = await app.readSession(request);
      if (!session) throw new HttpError(401, "Session expired. Please log in again.");
      if (!session.user.is_admin) throw new HttpError(403, "Administrator access required");
    });
  },
  { name: "auth", dependencies: ["db"] },
);
