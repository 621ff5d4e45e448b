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
/** Set once Inter has loaded: the browser holds it in its cache, so later pages use it at once. */
const INTER_CACHED_KEY = "site:inter-cached";
/** The class that switches text from the metric-matched fallback to Inter (styles/fonts.css). */
const INTER_CLASS = "inter";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: Inter still arrives after the first paint
  }
}

function useInter() {
  document.documentElement.classList.add(INTER_CLASS);
}

if (storage()?.getItem(INTER_CACHED_KEY)) useInter();

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
  useInter();
  // `load` resolves once the face the page's text needs has arrived (or failed).
  void document.fonts?.load('1em "Inter Variable"').then((faces) => {
    if (faces.length) storage()?.setItem(INTER_CACHED_KEY, "1");
  });
}

// A requestAnimationFrame callback runs just before a frame is painted: the second one comes once
// the first frame is out, and the timeout after it leaves that frame's work done. The last timeout
// covers tabs opened in the background (no frames).
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(hydrate, 0)));
setTimeout(hydrate, 1000);
