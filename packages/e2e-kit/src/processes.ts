/**
 * Servers for a test run: free ports, start a command under supervise.mjs, wait for its
 * `READY http://…` line, stop it (and everything it started) when the run ends, fails or is
 * interrupted.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { e2eEnv } from "./env";

const SUPERVISOR = fileURLToPath(new URL("./supervise.mjs", import.meta.url));
const DEFAULT_READY_TIMEOUT_MS = 120_000;
/** How much of a server's output we keep for error messages. */
const OUTPUT_TAIL_CHARS = 16_000;

/** A free TCP port on localhost (the OS picks it; the caller binds it right after). */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

export interface ServerOptions {
  /** Used in messages, e.g. "API test server". */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  /** The URL of the READY line, e.g. http://127.0.0.1:41234 */
  readyUrl: string;
  /** Stops the server and everything it started; resolves once they are gone. Safe to call twice. */
  stop: () => Promise<void>;
}

/**
 * Starts `command` under the supervisor (own process group, ended with this process) and resolves
 * once it prints `READY http://…`. Fails with the server's output if it exits first or is not
 * ready in time. E2E_VERBOSE=1 streams its output to stderr.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const { name, readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS } = options;
  const verbose = e2eEnv.verbose();
  const supervisor = spawn(process.execPath, [SUPERVISOR, String(e2eEnv.stopGraceMs()), options.command, ...options.args], {
    cwd: options.cwd,
    env: { ...e2eEnv.inherited(), ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let ready = false;
  let stopping: Promise<void> | undefined;
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    if (verbose) process.stderr.write(`[${name}] ${chunk}`);
  };
  supervisor.stdout.on("data", record);
  supervisor.stderr.on("data", record);
  const exited = new Promise<void>((ok) => supervisor.once("exit", () => ok()));
  const stop = () => (stopping ??= stopSupervisor(supervisor, exited));

  return new Promise((ok, fail) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stop().then(() => fail(new Error(`${name} not READY within ${readyTimeoutMs} ms:\n${output}`)));
    }, readyTimeoutMs);
    const onData = () => {
      const match = /READY (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      ready = true;
      clearTimeout(timer);
      supervisor.stdout.off("data", onData);
      ok({ readyUrl: match[1], stop });
    };
    supervisor.stdout.on("data", onData);
    supervisor.on("exit", (code) => {
      clearTimeout(timer);
      if (timedOut) return; // the timer reports it, once the server is gone
      if (!ready) fail(new Error(`${name} exited with ${code} before READY:\n${output}`));
      // A server dying mid-run makes later tests fail in puzzling ways: say why, once.
      else if (!stopping) console.error(`${name} exited unexpectedly (${code}); its last output:\n${output}`);
    });
  });
}

async function stopSupervisor(supervisor: ChildProcess, exited: Promise<void>): Promise<void> {
  if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.stdin?.end();
  await exited;
}

/** Runs clean-up steps in reverse order of registration, all of them even when one fails. */
export class Teardown {
  private readonly steps: Array<() => unknown> = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    const errors: unknown[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, "e2e teardown failed");
  }
}
