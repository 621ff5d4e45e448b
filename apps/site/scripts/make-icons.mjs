/**
 * Draws public/favicon.ico (16, 32 and 48 px) and public/apple-touch-icon.png (180 px, opaque:
 * iOS fills transparency with black) from the shield mark in src/assets/favicon.svg, in Chromium.
 * Run after changing the mark:  CHROMIUM_PATH=/usr/bin/chromium node scripts/make-icons.mjs
 */
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const svg = await readFile(join(root, "src/assets/favicon.svg"), "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

async function draw(size, { background = "transparent", padding = 0 } = {}) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = size - 2 * padding;
  await page.setContent(
    `<html><body style="margin:0;background:${background}"><div style="width:${size}px;height:${size}px;display:grid;place-items:center">` +
      svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `) +
      "</div></body></html>",
  );
  const png = await page.screenshot({ omitBackground: background === "transparent", type: "png" });
  await page.close();
  return png;
}

const touch = await draw(180, { background: "#ffffff", padding: 24 });
await writeFile(join(root, "public/apple-touch-icon.png"), touch);

// ICO with PNG images inside (supported by every browser that still asks for /favicon.ico).
const sizes = [16, 32, 48];
const images = [];
for (const size of sizes) images.push(await draw(size));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
const entries = [];
let offset = 6 + 16 * images.length;
images.forEach((png, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(sizes[i] % 256, 0);
  entry.writeUInt8(sizes[i] % 256, 1);
  entry.writeUInt8(0, 2);
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  entries.push(entry);
});
await writeFile(join(root, "public/favicon.ico"), Buffer.concat([header, ...entries, ...images]));
await browser.close();
console.info("wrote public/favicon.ico and public/apple-touch-icon.png");
