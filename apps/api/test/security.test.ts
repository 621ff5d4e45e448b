import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { eq, sql } from "drizzle-orm";
import { parseEnv } from "../src/env";
import { upsertUser } from "../src/modules/auth/service";
import { passwordProblem } from "../src/lib/password";
import { mailOutbox, staffInvites } from "../src/db/schema";
import { ADMIN, login, setupApp, type Session, type TestContext } from "./helpers";
import { PRODUCTION_ENV } from "./production-env";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(() => ctx.close());

const PASSWORD = "Str0ng!Passw0rd-test";
let n = 0;
async function staff(role: "owner" | "office" | "trainer" = "office") {
  const email = `sec-${role}-${++n}@example.com`;
  const { id } = await upsertUser(ctx.db, { email, name: `Sec ${role} ${n}`, password: PASSWORD, isAdmin: true, role });
  return { id, email };
}
const get = (url: string, s?: Session, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, headers: { ...(s?.headers ?? {}), ...extra } });
const post = (url: string, s: Session | undefined, payload?: object) =>
  ctx.app.inject({ method: "POST", url, headers: s?.headers ?? {}, ...(payload ? { payload } : {}) });
const activity = async (action: string) =>
  (
    await ctx.db.execute<{ details: string }>(sql`select details from activity_log where action = ${action} order by id`)
  ).rows.map((r) => r.details);

describe("sessions", () => {
  it("end after 30 minutes without activity, and activity keeps them alive", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const me = await get("/api/me", s);
    expect(me.json().session.idle_minutes).toBe(30);
    ctx.clock.advance(29 * 60_000);
    expect((await post("/api/session/keep-alive", s)).statusCode).toBe(200);
    ctx.clock.advance(29 * 60_000);
    // A background poll does not count as activity…
    expect((await get("/api/me", s, { "x-session-passive": "1" })).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    // …so 31 minutes after the last real activity the session is over.
    expect((await get("/api/me", s)).statusCode).toBe(401);
    expect((await get("/api/dashboard", s)).statusCode).toBe(401);
    expect((await activity("Session ended")).some((d) => d.includes("30 minutes without activity"))).toBe(true);
  });

  it("end 12 hours after sign-in however active", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const me = await get("/api/me", s);
    expect(Date.parse(me.json().session.expires_at) - ctx.clock.now().getTime()).toBe(12 * 3600_000);
    for (let i = 0; i < 24; i++) {
      ctx.clock.advance(29 * 60_000);
      expect((await post("/api/session/keep-alive", s)).statusCode).toBe(200);
    }
    ctx.clock.advance(25 * 60_000);
    expect((await post("/api/session/keep-alive", s)).statusCode).toBe(401);
  });

  it("'Your sessions' lists each device; Sign out and Sign out everywhere else end them", async () => {
    const u = await staff();
    const phone = await login(ctx.app, u.email, PASSWORD);
    const laptop = await login(ctx.app, u.email, PASSWORD);
    const tablet = await login(ctx.app, u.email, PASSWORD);
    const list = await get("/api/account/sessions", laptop);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(3);
    expect(list.json().filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({
      device: expect.any(String),
      ip: expect.any(String),
      last_active_at: expect.any(String),
    });
    const phoneId = (await get("/api/me", phone)) && list.json().find((x: { current: boolean }) => !x.current).id;
    const out = await ctx.app.inject({ method: "DELETE", url: `/api/account/sessions/${phoneId}`, headers: laptop.headers });
    expect(out.statusCode).toBe(200);
    const others = await post("/api/account/sessions/sign-out-others", laptop);
    expect(others.json().ended).toBe(1);
    expect((await get("/api/me", phone)).statusCode + (await get("/api/me", tablet)).statusCode).toBe(802);
    expect((await get("/api/me", laptop)).statusCode).toBe(200);
  });

  it("a password change ends every other session and checks the new password against common passwords", async () => {
    const u = await staff();
    const a = await login(ctx.app, u.email, PASSWORD);
    const b = await login(ctx.app, u.email, PASSWORD);
    const weak = await post("/api/account/password", a, { current_password: PASSWORD, new_password: "Password123!!" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].message).toMatch(/too common/);
    const wrong = await post("/api/account/password", a, { current_password: "nope", new_password: "Kerb-Lantern-47-Oyster!" });
    expect(wrong.statusCode).toBe(400);
    const ok = await post("/api/account/password", a, { current_password: PASSWORD, new_password: "Kerb-Lantern-47-Oyster!" });
    expect(ok.statusCode).toBe(200);
    expect((await get("/api/me", b)).statusCode).toBe(401);
    expect((await get("/api/me", a)).statusCode).toBe(200);
    await login(ctx.app, u.email, "Kerb-Lantern-47-Oyster!");
  });

  it("the admin origin may send the background-poll header (CORS preflight)", async () => {
    const res = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/me",
      headers: {
        origin: "http://localhost:5174",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-session-passive",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("x-session-passive");
  });

  it("a token without an expiry is refused even with a live session id", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const jti = (await ctx.db.execute<{ id: string }>(sql`select id from sessions where user_id = ${u.id}`)).rows[0]!.id;
    const noExp = ctx.app.jwt.sign({ sub: String(u.id), jti });
    expect((await get("/api/me", undefined, { authorization: `Bearer ${noExp}` })).statusCode).toBe(401);
    expect((await get("/api/me", s)).statusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(s.token.split(".")[1]!, "base64url").toString());
    expect(typeof payload.exp).toBe("number");
  });
});

describe("login throttling", () => {
  it("real and unknown accounts get identical answers; a browser that signed in before skips the per-account back-off", async () => {
    const u = await staff();
    const trusted = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: u.email, password: PASSWORD },
      remoteAddress: "192.0.2.1",
    });
    const device = trusted.cookies.find((c) => c.name === "device")!.value;
    const unknown = `nobody-${n}@example.com`;
    // Nineteen failures for each account from different clients: no pair is held back…
    for (let i = 0; i < 19; i++) {
      for (const email of [u.email, unknown]) {
        const r = await ctx.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password: "bad" },
          remoteAddress: `198.51.100.${i + 1}`,
        });
        expect(r.json(), `${i} ${email}`).toEqual({ message: "Invalid email or password", attempts: 1, max_attempts: 5 });
      }
    }
    // …the twentieth makes each account back off a little, the same for both.
    const real20 = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: u.email, password: "bad" },
      remoteAddress: "198.51.100.99",
    });
    const fake20 = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: unknown, password: "bad" },
      remoteAddress: "198.51.100.99",
    });
    expect([real20.statusCode, fake20.statusCode]).toEqual([429, 429]);
    expect(real20.json()).toEqual(fake20.json());
    const real = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: u.email, password: PASSWORD },
      remoteAddress: "203.0.113.50",
    });
    const fake = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: unknown, password: PASSWORD },
      remoteAddress: "203.0.113.50",
    });
    expect(real.statusCode).toBe(429);
    expect(fake.statusCode).toBe(429);
    const wait = (r: typeof real) => Date.parse(r.json().locked_until) - ctx.clock.now().getTime();
    expect(wait(real)).toBe(wait(fake));
    expect(wait(real)).toBeLessThanOrEqual(60_000);
    // The owner's own browser is not kept out.
    const owner = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: u.email, password: PASSWORD },
      remoteAddress: "203.0.113.50",
      cookies: { device },
    });
    expect(owner.statusCode).toBe(200);
  });

  it("cross-site form posts cannot lock anyone: 5 failures hold back only the client that made them", async () => {
    const u = await staff();
    for (let i = 0; i < 6; i++)
      await ctx.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: u.email, password: "bad" },
        remoteAddress: "198.18.0.9",
      });
    const other = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: u.email, password: PASSWORD },
      remoteAddress: "198.18.0.10",
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("production secrets and passwords", () => {
  const prod = PRODUCTION_ENV;
  it.each(["a".repeat(32), "abcdabcdabcdabcdabcdabcdabcdabcd", "0123456789abcdef0123456789abcdef"])(
    "refuses a low-entropy JWT_SECRET %s",
    (secret) => {
      expect(() => parseEnv({ ...prod, JWT_SECRET: secret })).toThrow(/JWT_SECRET: is weak/);
    },
  );
  it("accepts a random secret and requires a second factor by default in production", () => {
    const env = parseEnv({ ...prod, JWT_SECRET: "Kq8vR2xLm9TzW4bN7cY1pF6hJ3sD5gA0" });
    expect(env.REQUIRE_SECOND_FACTOR).toBe(true);
    expect(env.SESSION_HOURS).toBe(12);
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
  });
  it("refuses common passwords that pass the character rules", () => {
    expect(passwordProblem("Password123!")).toMatch(/too common/);
    expect(passwordProblem("Admin!Passw0rd")).toMatch(/too common/);
    expect(passwordProblem("Kerb-Lantern-47-Oyster!")).toBeNull();
  });
});

async function totpCode(secret: string, offsetSteps = 0) {
  return generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) + offsetSteps * 30 });
}

describe("second factor", () => {
  it("authenticator app: set up with a generated secret, asked after the password, a used code is never accepted again", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const setup = await post("/api/account/totp/setup", s);
    expect(setup.statusCode).toBe(200);
    const { secret, qr_svg, otpauth_url } = setup.json();
    expect(qr_svg).toContain("<svg");
    expect(otpauth_url).toContain(`secret=${secret}`);
    const confirmed = await post("/api/account/totp/confirm", s, { code: await totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed: no code appears in the database.
    const stored = (
      await ctx.db.execute<{ code_hash: string }>(sql`select code_hash from recovery_codes where user_id = ${u.id}`)
    ).rows;
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    ctx.clock.advance(60_000);
    const first = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email: u.email, password: PASSWORD } });
    expect(first.json()).toMatchObject({ next: "second_factor", methods: ["totp", "recovery_code"] });
    const half: Session = {
      cookie: "",
      token: first.json().access_token,
      headers: { cookie: `session=${first.cookies.find((c) => c.name === "session")!.value}` },
    };
    // Half-signed-in: nothing of the portal yet.
    expect((await get("/api/enrollments", half)).statusCode).toBe(401);
    const code = await totpCode(secret);
    const ok = await post("/api/login/totp", half, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().next).toBe("done");
    expect((await get("/api/enrollments", half)).statusCode).toBe(200);

    // The same code again, on a fresh password step, within its 30 seconds: refused.
    const again = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email: u.email, password: PASSWORD } });
    const half2 = { headers: { cookie: `session=${again.cookies.find((c) => c.name === "session")!.value}` } } as Session;
    const replay = await post("/api/login/totp", half2, { code });
    expect(replay.statusCode).toBe(401);
    expect(await activity("Second factor failed")).toContain(`Sec office ${n}: wrong code`);
  });

  it("wrong codes are throttled like passwords", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const { secret } = (await post("/api/account/totp/setup", s)).json();
    await post("/api/account/totp/confirm", s, { code: await totpCode(secret) });
    ctx.clock.advance(60_000);
    const first = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email: u.email, password: PASSWORD } });
    const half = { headers: { cookie: `session=${first.cookies.find((c) => c.name === "session")!.value}` } } as Session;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post("/api/login/totp", half, { code: "000000" })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    // Held back: even the right code waits.
    expect((await post("/api/login/totp", half, { code: await totpCode(secret) })).statusCode).toBe(429);
  });

  it("a recovery code works once", async () => {
    const u = await staff();
    const s = await login(ctx.app, u.email, PASSWORD);
    const { secret } = (await post("/api/account/totp/setup", s)).json();
    const codes: string[] = (await post("/api/account/totp/confirm", s, { code: await totpCode(secret) })).json().recovery_codes;
    const step = async () => {
      const r = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email: u.email, password: PASSWORD } });
      return { headers: { cookie: `session=${r.cookies.find((c) => c.name === "session")!.value}` } } as Session;
    };
    expect((await post("/api/login/recovery-code", await step(), { code: codes[3]!.toUpperCase() })).statusCode).toBe(200);
    expect((await post("/api/login/recovery-code", await step(), { code: codes[3]! })).statusCode).toBe(401);
    const security = await get("/api/account/security", s);
    expect(security.json()).toMatchObject({ totp: true, recovery_codes_left: 9 });
  });

  it("when required, an admin without a second factor can only set one up after the password", async () => {
    const strict = await setupApp({ env: { REQUIRE_SECOND_FACTOR: "true" }, clock: ctx.clock });
    try {
      const email = "setup-needed@example.com";
      await upsertUser(strict.db, { email, name: "Setup Needed", password: PASSWORD, isAdmin: true, role: "office" });
      const r = await strict.app.inject({ method: "POST", url: "/api/login", payload: { email, password: PASSWORD } });
      expect(r.json().next).toBe("setup_second_factor");
      const s = { headers: { cookie: `session=${r.cookies.find((c) => c.name === "session")!.value}` } } as Session;
      expect((await strict.app.inject({ method: "GET", url: "/api/enrollments", headers: s.headers })).statusCode).toBe(403);
      const setup = await strict.app.inject({ method: "POST", url: "/api/account/totp/setup", headers: s.headers });
      expect(setup.statusCode).toBe(200);
      const code = await totpCode(setup.json().secret);
      const done = await strict.app.inject({
        method: "POST",
        url: "/api/account/totp/confirm",
        headers: s.headers,
        payload: { code },
      });
      expect(done.statusCode).toBe(200);
      expect((await strict.app.inject({ method: "GET", url: "/api/enrollments", headers: s.headers })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("staff", () => {
  it("the owner invites by e-mail; the link sets a password once and expires after 72 hours", async () => {
    const owner = await login(ctx.app, ADMIN.email, ADMIN.password);
    const invite = await post("/api/staff/invites", owner, {
      name: "Tara Trainer",
      email: "tara.trainer@example.com",
      role: "trainer",
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ role: "trainer", status: "invited" });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "tara.trainer@example.com"));
    const token = /\/invite\/([\w-]+)/.exec(mail!.text)![1]!;
    expect((await get(`/api/invites/${token}`)).json()).toEqual({ name: "Tara Trainer", email: "tara.trainer@example.com" });
    const weak = await ctx.app.inject({ method: "POST", url: `/api/invites/${token}`, payload: { password: "Password123!" } });
    expect(weak.statusCode).toBe(400);
    const set = await ctx.app.inject({
      method: "POST",
      url: `/api/invites/${token}`,
      payload: { password: "Kerb-Lantern-47-Oyster!" },
    });
    expect(set.statusCode).toBe(200);
    const twice = await ctx.app.inject({
      method: "POST",
      url: `/api/invites/${token}`,
      payload: { password: "Kerb-Lantern-47-Oyster!" },
    });
    expect(twice.statusCode).toBe(404);
    const tara = await login(ctx.app, "tara.trainer@example.com", "Kerb-Lantern-47-Oyster!");
    expect((await get("/api/enrollments", tara)).statusCode).toBe(200);
    expect((await get("/api/messages", tara)).statusCode).toBe(403);

    const late = await post("/api/staff/invites", owner, {
      name: "Otto Office",
      email: "otto.office@example.com",
      role: "office",
    });
    expect(late.statusCode).toBe(201);
    const [mail2] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "otto.office@example.com"));
    const token2 = /\/invite\/([\w-]+)/.exec(mail2!.text)![1]!;
    ctx.clock.advance(72 * 3600_000 + 1000);
    expect((await get(`/api/invites/${token2}`)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "POST", url: `/api/invites/${token2}`, payload: { password: "Kerb-Lantern-47-Oyster!" } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.db.select().from(staffInvites)).every((i) => i.tokenHash !== token2)).toBe(true);
  });

  it("a role change takes effect at once; disabling ends the live session at once; both are logged", async () => {
    const owner = await login(ctx.app, ADMIN.email, ADMIN.password);
    const u = await staff("office");
    const s = await login(ctx.app, u.email, PASSWORD);
    expect((await get("/api/messages", s)).statusCode).toBe(200);
    const toTrainer = await ctx.app.inject({
      method: "PUT",
      url: `/api/staff/${u.id}`,
      headers: owner.headers,
      payload: { role: "trainer" },
    });
    expect(toTrainer.statusCode).toBe(200);
    expect((await get("/api/messages", s)).statusCode).toBe(403);
    const off = await ctx.app.inject({
      method: "PUT",
      url: `/api/staff/${u.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(off.json().status).toBe("disabled");
    expect((await get("/api/enrollments", s)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email: u.email, password: PASSWORD } })).statusCode,
    ).toBe(401);
    expect((await activity("Role changed")).some((d) => d.includes("Office → Trainer"))).toBe(true);
    expect((await activity("Session ended")).some((d) => d.includes("account disabled"))).toBe(true);
    expect((await activity("Signed in")).length).toBeGreaterThan(0);
  });

  it("there is always an active owner", async () => {
    const owner = await login(ctx.app, ADMIN.email, ADMIN.password);
    const me = (await get("/api/me", owner)).json().user;
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/staff/${me.id}`,
      headers: owner.headers,
      payload: { role: "office" },
    });
    expect(res.statusCode).toBe(409);
  });
});
