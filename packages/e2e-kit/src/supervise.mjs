// @ts-check
/* global process, console, setTimeout */
/**
 * Runs one server for a test run and makes sure it ends with the run, however the run ends:
 *
 *   node supervise.mjs <grace-ms> <command> [args...]
 *
 * The server gets its own process group (so it and everything it starts, e.g. tsx's esbuild
 * service or an embedded Postgres, can be signalled together); its output is relayed to ours.
 * We stop it when our stdin closes (the test process closed it, or died: even SIGKILL closes a
 * pipe) or when we get SIGINT/SIGTERM/SIGHUP (Ctrl-C reaches the whole foreground group, but the
 * server's own group is not in it). Stopping = SIGTERM to the server itself first, so it can drop
 * its database and stop its children; after a grace period, SIGTERM then SIGKILL to whatever is
 * left of its group. Plain JavaScript: it must start without any loader.
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

// The grace period comes from the caller (which reads E2E_STOP_GRACE_MS in its env.ts).
const [grace, command, ...args] = process.argv.slice(2);
const GRACE_MS = Number(grace);
if (!command || !(GRACE_MS > 0)) {
  console.error("usage: node supervise.mjs <grace-ms> <command> [args...]");
  process.exit(2);
}

// Once the test process is gone, writing to our pipes fails: never crash on that.
process.stdout.on("error", () => undefined);
process.stderr.on("error", () => undefined);

const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
const pgid = child.pid;
child.stdout.on("data", (chunk) => process.stdout.writable && process.stdout.write(chunk));
child.stderr.on("data", (chunk) => process.stderr.writable && process.stderr.write(chunk));

let exitCode = /** @type {number | null} */ (null);
child.on("error", (error) => {
  console.error(`could not start ${command}: ${error.message}`);
  process.exit(127);
});
child.on("exit", (code, signal) => {
  exitCode = code ?? (signal ? 128 : 1);
  // The server ended by itself (crash, or its own shutdown): clear its group and leave.
  void stop().then(() => process.exit(exitCode ?? 1));
});

/** Live (not zombie) members of the server's process group; Linux reads /proc, elsewhere kill(0). */
function groupAlive() {
  if (!pgid) return false;
  if (process.platform === "linux") {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // ended while we looked
      }
      // Fields after "(comm)": state ppid pgrp ...
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z") return true;
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @param {NodeJS.Signals} signal */
function signalGroup(signal) {
  try {
    if (pgid) process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** @param {() => boolean} done @param {number} ms */
async function waitUntil(done, ms) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((ok) => setTimeout(ok, 100));
  return done();
}

/** @type {Promise<void> | undefined} */
let stopping;
function stop() {
  stopping ??= (async () => {
    if (exitCode === null && pgid) {
      try {
        process.kill(pgid, "SIGTERM");
      } catch {
        // exited meanwhile
      }
      if (!(await waitUntil(() => exitCode !== null, GRACE_MS))) {
        console.error(`${command} did not stop within ${GRACE_MS} ms of SIGTERM; killing its process group`);
      }
    }
    if (groupAlive()) {
      signalGroup("SIGTERM");
      if (!(await waitUntil(() => !groupAlive(), 3_000))) {
        signalGroup("SIGKILL");
        await waitUntil(() => !groupAlive(), 2_000);
      }
    }
  })();
  return stopping;
}

async function stopAndExit() {
  await stop();
  // Wait for the child's own exit status so the parent sees it.
  await waitUntil(() => exitCode !== null, 1_000);
  process.exit(0);
}

process.stdin.on("data", () => undefined);
process.stdin.on("end", () => void stopAndExit());
process.stdin.on("close", () => void stopAndExit());
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) process.on(signal, () => void stopAndExit());
