/**
 * Helpers of the content browser tests (trainings, shop items, discount codes):
 * real PNG files made on the spot, and calls to the API with the test context's session.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { freePort, startServer } from "@app/e2e-kit/setup";

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../site");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG with a diagonal two-colour pattern (so the API's re-encoding has something to do). */
export function makePng(
  width = 160,
  height = 90,
  a: [number, number, number] = [11, 37, 69],
  b: [number, number, number] = [255, 194, 26],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, bl] = x + y < width ? a : b;
      raw.set([r, g, bl], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Files for the upload inputs (playwright `setInputFiles`). */
export const files = {
  png: (name = "thumbnail.png") => ({ name, mimeType: "image/png", buffer: makePng() }),
  /** Just over the 5 MB cap: refused before it is read, so its bytes need not be an image. */
  tooBig: () => ({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1024, 1) }),
  text: () => ({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }),
};

/** GET an API path with the context's session cookie; returns status and parsed JSON. */
export async function apiGet<T = unknown>(
  context: BrowserContext,
  apiUrl: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const response = await context.request.get(`${apiUrl}${path}`);
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
}

export async function apiSend<T = unknown>(
  context: BrowserContext,
  apiUrl: string,
  adminUrl: string,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await context.request.fetch(`${apiUrl}${path}`, { method, data, headers: { Origin: adminUrl } });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
}

export interface ActivityEntry {
  id: number;
  type: string;
  action: string;
  user: string;
  details: string;
  timestamp: string;
}

/** The activity log entries that mention `text` (newest first). */
export async function activityMentioning(context: BrowserContext, apiUrl: string, text: string): Promise<ActivityEntry[]> {
  const { status, body } = await apiGet<ActivityEntry[]>(context, apiUrl, "/api/activity-logs?limit=200");
  if (status !== 200) throw new Error(`GET /api/activity-logs answered ${status}`);
  return body.filter((e) => `${e.action} ${e.details}`.includes(text));
}

/** The name the API gives the signed-in administrator (the activity log's "who"). */
export async function adminName(context: BrowserContext, apiUrl: string): Promise<string> {
  const { body } = await apiGet<{ name?: string; user?: { name: string } }>(context, apiUrl, "/api/me");
  return body.user?.name ?? body.name ?? "";
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator(".ui-toast__message", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

/** Holds matching API calls back a little so a busy label ('Creating...', 'Please wait ...') can be seen. */
export async function slowDown(page: Page, pattern: string, method: string, ms = 600): Promise<void> {
  await page.route(pattern, async (route) => {
    if (route.request().method() === method) await new Promise((r) => setTimeout(r, ms));
    await route.fallback();
  });
}

/** A date `days` from today as 'YYYY-MM-DD' (UK calendar, like the API). */
export function isoInDays(days: number): string {
  const now = new Date();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A short unique suffix so runs against a reused database do not collide. */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/**
 * Starts the public site (apps/site, `server.ts` in development: server-side rendering against
 * `apiUrl`) on a free port; resolves with its URL and a stop function (await it: it resolves once
 * the server is gone). Used to see an admin change on the site.
 */
export async function startSite(
  apiUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const site = await startServer({
    name: "site",
    command: process.execPath,
    args: ["--import", "tsx", "server.ts"],
    cwd: SITE_ROOT,
    env: { NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", API_URL: apiUrl, PUBLIC_API_URL: apiUrl, ...env },
    readyTimeoutMs: 90_000,
  });
  return { url: `http://127.0.0.1:${port}`, stop: site.stop };
}
