import { initServer } from "@ts-rest/fastify";
import { contract, LOGIN_MAX_ATTEMPTS } from "@app/contract";
import { attemptLogin } from "./service";

const s = initServer();

export const authRouter = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const app = request.server;
    const result = await attemptLogin(app.db, body.email, body.password, app.now());
    if (result.ok) {
      const access_token = app.startSession(reply, result.user.id);
      return { status: 200, body: { access_token, user: result.user } };
    }
    if (result.status === 423) {
      const minutes = Math.max(1, Math.ceil((result.lockedUntil.getTime() - app.now().getTime()) / 60_000));
      return {
        status: 423,
        body: {
          message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          attempts: result.attempts,
          max_attempts: LOGIN_MAX_ATTEMPTS,
          locked_until: result.lockedUntil.toISOString(),
        },
      };
    }
    return {
      status: 401,
      body: { message: "Invalid email or password", attempts: result.attempts, max_attempts: LOGIN_MAX_ATTEMPTS },
    };
  },
  logout: async ({ request, reply }) => {
    await request.server.endSession(request, reply);
    return { status: 200, body: { message: "Logged out" } };
  },
  me: async ({ request }) => {
    const session = await request.server.readSession(request);
    if (!session) return { status: 401, body: { message: "Session expired. Please log in again." } };
    return { status: 200, body: { user: session.user } };
  },
});
