/**
 * Chromium for the browser tests: where it is, the flags it runs with, and a clear failure when it
 * is missing (never a silent skip: a green run must mean the browser tests ran).
 */
import { accessSync, constants } from "node:fs";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";
import { e2eEnv } from "./env";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Headless in containers and CI: no sandbox (no user namespaces), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  return e2eEnv.chromiumPath() ?? DEFAULT_CHROMIUM_PATH;
}

/** The Chromium binary to use; throws an error that says how to get one when it is missing. */
export function requireChromium(): string {
  const path = chromiumPath();
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    // explained below
  }
  const where = e2eEnv.chromiumPath() ? `CHROMIUM_PATH=${path}` : `${path} (CHROMIUM_PATH is not set)`;
  if (e2eEnv.isCI()) {
    throw new Error(
      `Browser tests need Chromium, but ${where} is not an executable file. ` +
        `The CI machine must provide it: install the Debian package (apt-get install -y chromium) ` +
        `and set CHROMIUM_PATH to the binary.`,
    );
  }
  throw new Error(
    [
      `Browser tests need Chromium, but ${where} is not an executable file.`,
      `Install it, then run the tests again:`,
      `  Debian/Ubuntu:  sudo apt-get install chromium   (binary: /usr/bin/chromium)`,
      `  Fedora:         sudo dnf install chromium       (then CHROMIUM_PATH=/usr/bin/chromium-browser)`,
      `  macOS:          brew install --cask chromium    (then CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium)`,
      `or point CHROMIUM_PATH at any Chromium or Chrome binary. Only the unit tests: pnpm test:unit.`,
    ].join("\n"),
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
}
