/**
 * The built browser assets in the first response: the stylesheets inlined (decision 134), the boot
 * module inlined with its CSP hash, and the route's stylesheets and module list in the head
 * (decision 245). Production only: development lets Vite serve everything.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** Vite's build manifest: each source's built file and what it pulls in. */
export interface Manifest {
  [source: string]: { file: string; css?: string[]; assets?: string[]; imports?: string[]; isEntry?: boolean };
}

/**
 * The built stylesheets, inlined into the first response instead of linked (decision 134): under a
 * phone's latency a linked stylesheet is one more render-blocking request before the first paint.
 * CSP-compatible as it stands: `style-src` already allows inline styles (React style attributes),
 * and the block holds only our own built CSS. Empty (= link them) in development or with
 * SITE_INLINE_CSS=off.
 */
export const inlinedCss = new Map<string, string>();

export async function loadInlineCss(client: string, manifest: Manifest) {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) chunk.css?.forEach((f) => files.add(f));
  for (const f of files) inlinedCss.set(f, (await readFile(path.join(client, f), "utf8")).replace(/<\/style/gi, "<\\/style"));
}

/** A stylesheet as a `<style>` block when inlined, else a link. */
export function stylesheet(file: string): string {
  const css = inlinedCss.get(file);
  // The disabled link is never fetched; it tells Vite's chunk loader that the stylesheet is in the
  // page, or a route's first load would link it again after the global one (decision 245).
  return css === undefined
    ? `<link rel="stylesheet" href="/${file}">`
    : `<style data-href="/${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/**
 * The boot module (index.html's only script: a few hundred bytes, no imports) inlined into the
 * page, so nothing but the HTML is requested before the first paint (decision 245). Returns the
 * template and the script's CSP hash, or nothing to keep it linked.
 */
export async function inlineBootScript(template: string, client: string, manifest: Manifest) {
  const boot = manifest["index.html"];
  const tag = boot && `<script type="module" crossorigin src="/${boot.file}"></script>`;
  if (!boot || boot.imports?.length || !template.includes(tag!)) return null;
  const code = (await readFile(path.join(client, boot.file), "utf8")).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "");
  if (/<\/script/i.test(code)) return null;
  const hash = `sha256-${createHash("sha256").update(code).digest("base64")}`;
  // A replacer function: `$` sequences in the code must not be read as replacement patterns.
  return { template: template.replace(tag!, () => `<script type="module">${code}</script>`), hash };
}

/** @fontsource's Latin subset of Inter (the one every page's text uses), as Vite names the file. */
const LATIN_FONT = /(?:^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The app's entry module (the boot module imports it after the first paint). */
const APP_ENTRY = "src/app/entry-client.tsx";

/**
 * The head's stylesheets for the routes being rendered, and `<meta name="app-modules">` naming the
 * app entry chunk first, then every chunk it and those routes import (production only). The boot
 * script preloads them and imports the first after the first paint (decision 245): no
 * `modulepreload` and no font preload in the head, so the HTML and its styles have the connection
 * to themselves until the page is painted.
 */
export function preloadLinks(manifest: Manifest | null, moduleFiles: string[]): string {
  if (!manifest) return "";
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!chunk.isEntry) files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach((i) => visit(i, seen));
  };
  const seen = new Set<string>(["index.html"]);
  const app = manifest[APP_ENTRY];
  visit(APP_ENTRY, seen);
  moduleFiles.forEach((f) => visit(f, seen));
  const modules = app ? [app.file, ...files] : [];
  // Inter's Latin file, which the boot module fetches after hydration for the tab's next pages
  // (decision 257: by its address, not by reading the stylesheet's rules in the browser).
  const latinFont = Object.values(manifest)
    .flatMap((c) => c.assets ?? [])
    .find((f) => LATIN_FONT.test(f));
  return [
    ...[...css].map(stylesheet),
    ...(modules.length ? [`<meta name="app-modules" content="${modules.map((f) => `/${f}`).join(" ")}">`] : []),
    ...(latinFont ? [`<meta name="font-latin" content="/${latinFont}">`] : []),
  ].join("\n    ");
}
