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
/** `<meta name="font-latin">` (server.ts, production): Inter's Latin file. */
const FONT_LATIN_META = 'meta[name="font-latin"]';
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
 * The subset every page's text uses (Basic Latin and Latin-1, among others). Browsers give the
 * range back without leading zeros ("U+0-FF"), whatever the stylesheet wrote ("U+0000-00FF").
 */
const BASIC_LATIN = /U\+0+-0*FF(?![0-9A-F])/i;

/**
 * Defines "Inter Web" from the stylesheet's "Inter Variable" faces, when this tab has loaded the
 * font before (`atOnce`: it is in the browser's cache, so the first paint already uses it).
 * Otherwise (`atOnce` false, the tab's first page) the Latin face is only fetched, after
 * hydration, for the pages that follow, and not applied here: this page keeps the metric-matched
 * fallback it was painted with. No late swap (performance): applying it on arrival laid the whole
 * page out again in a long task (~60-90 ms of Lighthouse's blocking time on a phone).
 */
function addInterFaces(atOnce: boolean) {
  if (interAdded || !("fonts" in document)) return;
  interAdded = true;
  const faces: FontFace[] = [];
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a stylesheet from another origin (none today)
    }
    // The faces are one block near the top (@app/ui's first import); stop after it rather than
    // build script objects for the whole stylesheet.
    for (let i = 0; i < rules.length; i += 1) {
      const rule = rules[i];
      if (!(rule instanceof CSSFontFaceRule)) {
        if (faces.length) break;
        continue;
      }
      const face = rule.style;
      if (face.getPropertyValue("font-family").replace(/["']/g, "").trim() !== CSS_FAMILY) continue;
      faces.push(
        new FontFace(WEB_FAMILY, face.getPropertyValue("src"), {
          style: face.getPropertyValue("font-style") || "normal",
          weight: face.getPropertyValue("font-weight") || "normal",
          unicodeRange: face.getPropertyValue("unicode-range") || "U+0-10FFFF",
          display: "swap",
        }),
      );
    }
  }
  const latin = faces.find((f) => BASIC_LATIN.test(f.unicodeRange));
  const addAll = () => faces.forEach((f) => document.fonts.add(f));
  if (atOnce) {
    addAll();
    return;
  }
  if (!latin) return;
  latin.load().then(
    () => storage()?.setItem(INTER_CACHED_KEY, "1"),
    () => undefined, // not loaded (offline): the fallback stays in use
  );
}

if (storage()?.getItem(INTER_CACHED_KEY)) addInterFaces(true);

let started = false;

function hydrate() {
  if (started) return;
  started = true;
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
  // The font for the tab's next pages, once this page's scripts have had the connection.
  setTimeout(warmInter, 2000);
}

/**
 * Fetches Inter's Latin file into the browser's cache for the tab's next pages, and sets the flag
 * that lets them paint in it (this page keeps its fallback: no late swap). By the address the
 * server names (`<meta name="font-latin">`): a prefetch link costs well under a millisecond, where
 * reading the stylesheet's rules into FontFace objects and loading one was a ~24 ms task here
 * (~100 ms on Lighthouse's 4x slower phone; decision 257). Development has no meta: the rules.
 */
function warmInter() {
  if (interAdded) return;
  const latin = document.querySelector<HTMLMetaElement>(FONT_LATIN_META)?.content;
  if (!latin) {
    addInterFaces(false);
    return;
  }
  interAdded = true;
  const link = document.createElement("link");
  link.rel = "prefetch";
  link.href = latin;
  link.crossOrigin = ""; // fonts are fetched in CORS mode: the cached copy must match
  link.onload = () => storage()?.setItem(INTER_CACHED_KEY, "1");
  document.head.append(link);
}

/**
 * Runs `then` once the page's high-priority picture (the first course picture of /all-courses, a
 * course page's picture: their largest paint) has been painted, at once on pages without one. The
 * scripts then never share the connection with it, and Lighthouse's simulation does not count them
 * as needed for the largest paint (decision 257). A picture that has loaded may still wait for
 * its decode and a frame: a trace showed it loaded at 64 ms, the first paint at 95 ms and the
 * picture painted at 179 ms, with the scripts requested at 136 ms (decision 258). So: loaded,
 * then decoded (`decode()` settles when it can be painted, or cannot), then one frame.
 */
function afterHeroPicture(then: () => void) {
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture) return then();
  const painted = () => requestAnimationFrame(() => setTimeout(then, 0));
  const decoded = () => void picture.decode().then(painted, painted);
  if (picture.complete) return decoded();
  picture.addEventListener("load", decoded, { once: true });
  picture.addEventListener("error", painted, { once: true });
}

// Once the first contentful paint is out (the paint entry carries its presentation time; a frame's
// callbacks come before it), and the page's high-priority picture with it. The timeout covers tabs
// opened in the background (no paint) and browsers without paint timing.
if ("PerformanceObserver" in window && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    afterHeroPicture(() => setTimeout(hydrate, 0));
  }).observe({ type: "paint", buffered: true });
  setTimeout(hydrate, 3000);
} else {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(hydrate, 0)));
  setTimeout(hydrate, 1000);
}
