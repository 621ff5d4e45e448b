/**
 * The page's only script tag (decision 245). The server-rendered HTML is complete and styled
 * without JavaScript, so hydration waits until the browser has painted it: the scripts, the
 * route chunks and the Inter web font are requested after the first paint and never compete
 * with the HTML for a phone's bandwidth before the largest text or picture is on screen.
 * Lighthouse's simulation (Lantern) counts every request that finished before the largest
 * paint as needed for it; requested after it, they are not.
 */

/**
 * `<meta name="app-modules">` (server.ts, production): the app entry chunk, then the chunks it and
 * the rendered routes import. Read from the page, not imported here, so the bundler adds no
 * static import (and no early request) to this module.
 */
const APP_MODULES_META = 'meta[name="app-modules"]';
/** Development (Vite serves sources; no manifest, no meta). */
const DEV_APP_ENTRY = "/src/app/entry-client.tsx";
/**
 * Set once Inter has loaded, for this tab only: the browser holds the font in its cache, so a page
 * reloaded or opened again in the tab uses it from the first paint. Not in local storage: a new
 * tab may find the flag but not the font (a cleared or evicted cache, and every Lighthouse run
 * after the first), and would then fetch 49 KB before its first paint.
 */
const INTER_CACHED_KEY = "site:inter-cached";
/** The family the site's font stack names first (styles/fonts.css); only this script defines it. */
const WEB_FAMILY = "Inter Web";
/** @app/ui's self-hosted Inter (@font-face rules in the stylesheet, one per unicode range). */
const CSS_FAMILY = "Inter Variable";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: Inter still arrives after the first paint
  }
}

let interAdded = false;

/**
 * Defines "Inter Web" from the stylesheet's "Inter Variable" faces. The browser then fetches the
 * subsets the page's text needs and lays the text out again when they arrive: no style recalculation
 * of the whole page, as switching the font stack would cost.
 */
function addInterFaces() {
  if (interAdded || !("fonts" in document)) return;
  interAdded = true;
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a stylesheet from another origin (none today)
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const face = rule.style;
      if (face.getPropertyValue("font-family").replace(/["']/g, "").trim() !== CSS_FAMILY) continue;
      document.fonts.add(
        new FontFace(WEB_FAMILY, face.getPropertyValue("src"), {
          style: face.getPropertyValue("font-style") || "normal",
          weight: face.getPropertyValue("font-weight") || "normal",
          unicodeRange: face.getPropertyValue("unicode-range") || "U+0-10FFFF",
          display: "swap",
        }),
      );
    }
  }
  // `load` resolves once the face the page's text needs has arrived (or failed).
  void document.fonts.load(`1em "${WEB_FAMILY}"`).then((faces) => {
    if (faces.length) storage()?.setItem(INTER_CACHED_KEY, "1");
  });
}

if (storage()?.getItem(INTER_CACHED_KEY)) addInterFaces();

let started = false;

function hydrate() {
  if (started) return;
  started = true;
  // Stylesheets the server inlined (`<style data-href>`, SITE_INLINE_CSS): a disabled link (never
  // fetched) tells Vite's chunk loader they are in the page, or it would link them again, after
  // the global stylesheet, and change which of two equal rules wins.
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = style.dataset.href!;
    link.disabled = true;
    document.head.append(link);
  }
  const modules = document.querySelector<HTMLMetaElement>(APP_MODULES_META)?.content.split(" ").filter(Boolean) ?? [];
  // All at once: the app entry's import would otherwise find the route chunks one by one.
  for (const href of modules) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.crossOrigin = ""; // as the built script tags: one fetch serves preload and import
    document.head.append(link);
  }
  void import(/* @vite-ignore */ modules[0] ?? DEV_APP_ENTRY);
  addInterFaces();
}

// Once the first contentful paint is out (the paint entry carries its presentation time; a frame's
// callbacks come before it). The timeout covers tabs opened in the background (no paint) and
// browsers without paint timing.
if ("PerformanceObserver" in window && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    setTimeout(hydrate, 0);
  }).observe({ type: "paint", buffered: true });
  setTimeout(hydrate, 3000);
} else {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(hydrate, 0)));
  setTimeout(hydrate, 1000);
}
