import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const at = (...parts: string[]) => path.join(REPO, ...parts);

/** A built file the production shape runs, or a failure that says to build first. */
export function built(relative: string): string {
  const file = at(relative);
  if (!existsSync(file)) throw new Error(`${relative} is missing: run \`pnpm build\` (turbo builds it before these tests)`);
  return file;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/** A production process started as production starts it: `node <file>`, no wrapper. */
export class NodeProcess {
  readonly child: ChildProcess;
  readonly output: string[] = [];
  readonly exited: Promise<Exit>;

  constructor(file: string, env: Record<string, string>) {
    this.child = spawn(process.execPath, [file], {
      cwd: REPO,
      // Only what the test gives, plus PATH: nothing from the developer's shell leaks in.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.on("data", (d) => this.output.push(String(d)));
    this.child.stderr?.on("data", (d) => this.output.push(String(d)));
    this.exited = new Promise((resolve) => this.child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })));
  }

  get log(): string {
    return this.output.join("").slice(-4000);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Polls `url` until it answers 2xx; fails with the process's output. */
  async ready(url: string, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`exited before it was ready:\n${this.log}`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`${url} never answered:\n${this.log}`);
  }

  /** Ends the process if a test left it running (by its own pid). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }
}
