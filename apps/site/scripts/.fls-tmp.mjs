// Sums the gzipped JavaScript the browser needs for the first load of a route: the boot and app
// entry chunks, their static imports, and the route modules the server preloads (from the Vite manifest).
//   node scripts/first-load-size.mjs [routeModule ...]   (default: the home page)
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const client = join(root, "dist-e2e/client");
const manifest = JSON.parse(readFileSync(join(client, ".vite/manifest.json"), "utf8"));
const modules = process.argv.slice(2).length ? process.argv.slice(2) : ["src/features/home/HomePage.tsx"];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
visit("index.html");
// The boot module (index.html's script) imports the app entry after the first paint (decision 245).
visit("src/app/entry-client.tsx");
modules.forEach(visit);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(client, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JavaScript (${modules.join(", ")})`);
