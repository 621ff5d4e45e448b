import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROOT } from "../src/env";
import { login, setupApp, type TestContext } from "./helpers";
import { inheritedEnv } from "./env";

const run = promisify(execFile);
const TSX = path.join(API_ROOT, "node_modules", ".bin", "tsx");

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp({ seeded: false });
});
afterAll(() => ctx.close());

const adminCreate = (...args: string[]) =>
  run(TSX, ["src/cli/admin-create.ts", ...args], {
    cwd: API_ROOT,
    env: {
      ...inheritedEnv(() => false),
      DATABASE_URL: String((ctx.pool.options as { connectionString?: string }).connectionString),
      NODE_ENV: "test",
    },
  });

describe("admin:create", () => {
  it(
    "creates the first owner; a reset ends the account's sessions; common passwords are refused",
    // Three CLI runs, each a tsx start of the whole API module graph: 10-20 s apiece on a loaded
    // two-core CI machine (a little more under Node 24's off-thread loader hooks than under 20).
    { timeout: 180_000 },
    async () => {
      const email = "first.owner@example.com";
      const created = await adminCreate("--email", email, "--name", "First Owner", "--password", "Kerb-Lantern-47-Oyster!");
      expect(created.stdout).toContain(`Created owner ${email}`);
      const s = await login(ctx.app, email, "Kerb-Lantern-47-Oyster!");
      const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: s.headers });
      expect(me.json().user).toMatchObject({ role: "owner", is_admin: true });
      expect((await ctx.app.inject({ method: "GET", url: "/api/staff", headers: s.headers })).statusCode).toBe(200);

      await expect(adminCreate("--email", email, "--name", "First Owner", "--password", "Password123!")).rejects.toMatchObject({
        stderr: expect.stringContaining("too common"),
      });

      const reset = await adminCreate("--email", email, "--name", "First Owner", "--password", "Quartz-Harbour-92-Lichen!");
      expect(reset.stdout).toContain("1 session ended");
      expect((await ctx.app.inject({ method: "GET", url: "/api/me", headers: s.headers })).statusCode).toBe(401);
    },
  );
});
