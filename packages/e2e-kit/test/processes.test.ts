import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { requireChromium } from "../src/chromium";
import { startServer, Teardown } from "../src/processes";

const FAKE_SERVER = fileURLToPath(new URL("./fixtures/fake-server.mjs", import.meta.url));
const START_AND_DIE = fileURLToPath(new URL("./fixtures/start-and-die.mjs", import.meta.url));
const SUPERVISOR = fileURLToPath(new URL("../src/supervise.mjs", import.meta.url));

function alive(pid: number): boolean {
  try {
    // A zombie (ended, not yet reaped) counts as gone.
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z");
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((ok) => setTimeout(ok, 100));
  return check();
}

let dir: string;
let marker: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "e2e-kit-test-"));
  marker = join(dir, "marker");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("startServer", () => {
  test("stop() lets the server clean up, then ends everything it started", async () => {
    const pidsFile = join(dir, "pids");
    const server = await startServer({
      name: "fake",
      command: process.execPath,
      args: [FAKE_SERVER],
      cwd: dir,
      env: { MARKER: marker, PIDS_FILE: pidsFile },
    });
    expect(server.readyUrl).toBe("http://127.0.0.1:1");
    const [serverPid, grandchild] = readFileSync(pidsFile, "utf8").split(" ").map(Number);
    expect(alive(serverPid!)).toBe(true);
    expect(alive(grandchild!)).toBe(true);

    await server.stop();
    expect(readFileSync(marker, "utf8")).toBe("cleaned");
    expect(alive(serverPid!)).toBe(false);
    expect(await eventually(() => !alive(grandchild!))).toBe(true);
    await server.stop(); // twice is fine
  });

  test("fails with the server's output when it exits before READY", async () => {
    await expect(
      startServer({
        name: "fake",
        command: process.execPath,
        args: [FAKE_SERVER],
        cwd: dir,
        env: { MARKER: marker, FAIL_BEFORE_READY: "1" },
      }),
    ).rejects.toThrow(/fake exited with 3 before READY:[\s\S]*migration failed/);
  });

  test("fails and stops the server when READY does not come in time", async () => {
    const pidFile = join(dir, "pid");
    const silent = `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`;
    // 5 s, not 1 s: the supervisor and the server are two Node starts, which on a loaded
    // two-core CI machine took longer than 1 s, so the server had not written its pid yet.
    await expect(
      startServer({ name: "slow", command: process.execPath, args: ["-e", silent], cwd: dir, readyTimeoutMs: 5_000 }),
    ).rejects.toThrow(/slow not READY within 5000 ms/);
    expect(alive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });
});

describe("a run that dies without any clean-up (SIGKILL)", () => {
  test("still has its server cleaned up and every process ended", async () => {
    let out = "";
    try {
      execFileSync(process.execPath, [START_AND_DIE, SUPERVISOR, FAKE_SERVER], {
        env: { ...process.env, MARKER: marker },
        timeout: 20_000,
      });
    } catch (error) {
      out = String((error as { stdout?: Buffer }).stdout ?? "");
    }
    const [serverPid, grandchild, supervisor] = /PIDS (\d+) (\d+) (\d+)/.exec(out)!.slice(1).map(Number);
    expect(await eventually(() => existsSync(marker))).toBe(true);
    expect(readFileSync(marker, "utf8")).toBe("cleaned");
    expect(await eventually(() => !alive(serverPid!) && !alive(grandchild!) && !alive(supervisor!))).toBe(true);
  });
});

describe("Teardown", () => {
  test("runs every step in reverse order even when one fails, then reports the failure", async () => {
    const order: string[] = [];
    const teardown = new Teardown();
    teardown.add(() => order.push("api"));
    teardown.add(() => {
      throw new Error("site would not stop");
    });
    teardown.add(async () => order.push("folder"));
    await expect(teardown.run()).rejects.toThrow("e2e teardown failed");
    expect(order).toEqual(["folder", "api"]);
  });
});

describe("requireChromium", () => {
  const saved = { path: process.env.CHROMIUM_PATH, ci: process.env.CI };
  afterEach(() => {
    for (const [key, value] of [
      ["CHROMIUM_PATH", saved.path],
      ["CI", saved.ci],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  test("on a developer machine, says how to install Chromium", () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    delete process.env.CI;
    expect(() => requireChromium()).toThrow(
      /CHROMIUM_PATH=\/nonexistent\/chromium is not an executable file[\s\S]*sudo apt-get install chromium/,
    );
  });

  test("in CI, says the machine must provide it", () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    process.env.CI = "true";
    expect(() => requireChromium()).toThrow(/CI machine must provide it/);
  });

  test("returns the binary when it is there", () => {
    process.env.CHROMIUM_PATH = process.execPath;
    expect(requireChromium()).toBe(process.execPath);
  });
});
