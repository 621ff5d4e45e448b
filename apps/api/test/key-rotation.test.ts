import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeKeys, unsubscribeToken } from "../src/modules/scheduled-mail/consent";
import { loginAdmin, secondInstance, setupApp, type TestContext } from "./helpers";

/**
 * Keys that can rotate (issue 25, decision 268): unsubscribe links carry their key's id and keep
 * working when the key ring gains a new key; links sent before the key ring (signed with the
 * JWT_SECRET of the time, no key id) keep working after JWT_SECRET changes; sessions signed with
 * the previous JWT_SECRET stay valid while JWT_SECRET_PREVIOUS holds it.
 */

const OLD_JWT = "Old-JWT-secret-7Hq2Lp9Xc4Vb8Nm1Rt6Yw3Zs5";
const NEW_JWT = "New-JWT-secret-2Kd8Gf4Jh6Lq1Wx9Cv3Bn7Mz5";
const K1 = "link-key-one-Pq8Wn3Xr6Ty1Uv4Zs9Ab2Cd7Ef5";
const K2 = "link-key-two-Lm4Kj7Hg2Fd9Sa6Qw1Er8Ty3Ui5";
const ADDRESS = "renewal.reader@example.com";

/** An unsubscribe token exactly as the code before the key ring made it (consent.ts, decision 224). */
function legacyToken(email: string, jwtSecret: string): string {
  const sig = createHmac("sha256", jwtSecret).update(`marketing-unsubscribe:v1:${email}`).digest("base64url");
  return `${Buffer.from(email).toString("base64url")}.${sig}`;
}

let before: TestContext;
let after: { app: TestContext["app"]; close: () => Promise<void> };
let graceOver: { app: TestContext["app"]; close: () => Promise<void> };

beforeAll(async () => {
  // Today: JWT_SECRET signs sessions; the key ring has one key.
  before = await setupApp({ env: { JWT_SECRET: OLD_JWT, LINK_SIGNING_KEYS: `k1:${K1}` } });
  // After rotating both: a new JWT secret (the old one verifies during the grace period), a new
  // link key first, the old link key kept, and the old JWT secret kept for pre-key-ring links.
  after = await secondInstance(before, {
    env: { JWT_SECRET: NEW_JWT, JWT_SECRET_PREVIOUS: OLD_JWT, LINK_SIGNING_KEYS: `k2:${K2},k1:${K1},legacy:${OLD_JWT}` },
  });
  // After the grace period: JWT_SECRET_PREVIOUS removed.
  graceOver = await secondInstance(before, { env: { JWT_SECRET: NEW_JWT, LINK_SIGNING_KEYS: `k2:${K2},k1:${K1}` } });
});
afterAll(async () => {
  await graceOver.close();
  await after.close();
  await before.close();
});

const opens = async (app: TestContext["app"], token: string) => {
  const res = await app.inject({ method: "GET", url: `/api/unsubscribe/${token}` });
  return res.statusCode === 200 && res.body.includes("Unsubscribe from licence-renewal reminders?");
};

describe("unsubscribe links with their own key ring", () => {
  it("new links carry the first key's id; links signed with an older key of the ring still work", async () => {
    const oldLink = unsubscribeToken(ADDRESS, unsubscribeKeys(before.app.env));
    expect(oldLink.startsWith("k1.")).toBe(true);
    expect(await opens(before.app, oldLink)).toBe(true);

    const newLink = unsubscribeToken(ADDRESS, unsubscribeKeys(after.app.env));
    expect(newLink.startsWith("k2.")).toBe(true);
    expect(await opens(after.app, newLink)).toBe(true);
    expect(await opens(after.app, oldLink)).toBe(true);
    // Before the rotation the new key was unknown: its links were refused.
    expect(await opens(before.app, newLink)).toBe(false);
  });

  it("links mailed before the key ring (no key id, signed with the JWT secret) keep working after JWT_SECRET rotates", async () => {
    const mailedYearsAgo = legacyToken(ADDRESS, OLD_JWT);
    expect(await opens(before.app, mailedYearsAgo)).toBe(true);
    // JWT_SECRET is new now; the old one is kept in the ring (and as JWT_SECRET_PREVIOUS) for them.
    expect(await opens(after.app, mailedYearsAgo)).toBe(true);
    // Kept in neither: refused, as a forged link would be.
    expect(await opens(graceOver.app, mailedYearsAgo)).toBe(false);
    // And the one-click POST works with it too.
    const res = await after.app.inject({
      method: "POST",
      url: `/api/unsubscribe/${mailedYearsAgo}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("You are unsubscribed");
  });

  it("refuses an unknown key id, a signature moved to another key's id, and a changed address", async () => {
    const link = unsubscribeToken("someone.else@example.com", unsubscribeKeys(after.app.env));
    const [, address, sig] = link.split(".");
    for (const forged of [
      `k9.${address}.${sig}`,
      `k1.${address}.${sig}`,
      `legacy.${address}.${sig}`,
      `k2.${Buffer.from("victim@example.com").toString("base64url")}.${sig}`,
      `${address}.${sig}`,
    ]) {
      const res = await after.app.inject({ method: "GET", url: `/api/unsubscribe/${forged}` });
      expect(res.statusCode, forged).toBe(404);
      expect(res.body).toContain("This unsubscribe link is not valid");
    }
  });
});

describe("JWT_SECRET rotation with a grace period", () => {
  it("a session signed with the old secret stays valid while JWT_SECRET_PREVIOUS holds it; new sessions use the new secret", async () => {
    const old = await loginAdmin(before);
    expect((await before.app.inject({ method: "GET", url: "/api/me", headers: old.headers })).statusCode).toBe(200);
    // Rotated: the running session still works (no one is signed out by the rotation).
    expect((await after.app.inject({ method: "GET", url: "/api/me", headers: old.headers })).statusCode).toBe(200);
    // Grace period over: the old secret no longer verifies.
    expect((await graceOver.app.inject({ method: "GET", url: "/api/me", headers: old.headers })).statusCode).toBe(401);

    // A new sign-in is signed with the new secret: the old-secret-only instance refuses it, the new one accepts it.
    const fresh = await loginAdmin({ ...before, app: after.app });
    expect(fresh.token.split(".")[2]).toBe(
      createHmac("sha256", NEW_JWT).update(fresh.token.split(".").slice(0, 2).join(".")).digest("base64url"),
    );
    expect((await graceOver.app.inject({ method: "GET", url: "/api/me", headers: fresh.headers })).statusCode).toBe(200);
    expect((await before.app.inject({ method: "GET", url: "/api/me", headers: fresh.headers })).statusCode).toBe(401);
  });
});
