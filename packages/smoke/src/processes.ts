/**
 * The production processes, started as the Debian path's systemd units start them: `node <file>`
 * (or `caddy run`) directly, no package manager or supervisor in between, so SIGTERM reaches the
 * program itself and its exit code is the program's own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import { smokeEnv } from "./env";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From SIGTERM to exit. */
  ms: number;
}

export interface Proc {
  name: string;
  /** Everything it printed so far (stdout and stderr, in order). */
  output: () => string;
  /** Resolves once the process printed a line matching `pattern`; fails if it exits first or times out. */
  waitForOutput: (pattern: RegExp, timeoutMs: number) => Promise<string>;
  running: () => boolean;
  /** SIGTERM, then waits up to `graceMs`; past that SIGKILL (and the exit says so). */
  stop: (graceMs: number) => Promise<Exit & { killed: boolean }>;
}

const live = new Set<ChildProcess>();
// A crashed or interrupted run must not leave production servers listening.
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; logFile: string },
): Proc {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  let text = "";
  const listeners = new Set<() => void>();
  const record = (chunk: Buffer) => {
    const s = chunk.toString();
    text += s;
    appendFileSync(opts.logFile, s);
    if (smokeEnv.verbose()) process.stderr.write(`[${name}] ${s}`);
    for (const l of listeners) l();
  };
  child.stdout!.on("data", record);
  child.stderr!.on("data", record);
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null; at: number } | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal, at: Date.now() };
      live.delete(child);
      for (const l of listeners) l();
      resolve();
    });
    child.once("error", (err) => {
      text += `\n[smoke] could not start ${command}: ${err.message}\n`;
    });
  });

  const tail = () => text.slice(-4000);

  return {
    name,
    output: () => text,
    running: () => exitInfo === null,
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(text);
          if (m) {
            done();
            resolve(m[0]);
          } else if (exitInfo) {
            done();
            reject(
              new Error(
                `${name} exited (code ${exitInfo.code}, signal ${exitInfo.signal}) before printing ${pattern}:\n${tail()}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${tail()}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs) {
      const sent = Date.now();
      if (exitInfo) return { code: exitInfo.code, signal: exitInfo.signal, ms: 0, killed: false };
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!inTime) {
        child.kill("SIGKILL");
        await exited;
      }
      const info = exitInfo as unknown as { code: number | null; signal: NodeJS.Signals | null; at: number };
      return { code: info.code, signal: info.signal, ms: info.at - sent, killed: !inTime };
    },
  };
}

/** Runs a command to its end (a CLI such as admin:create) and returns its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} did not finish within ${opts.timeoutMs} ms:\n${output}`));
    }, opts.timeoutMs);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
