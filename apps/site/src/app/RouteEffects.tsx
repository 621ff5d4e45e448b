import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches, useNavigation } from "react-router";
import { useSiteConfig } from "../config/site";
import { toLoadFailure } from "../lib/loadable";
import type { RouteHandle } from "../lib/seo";
import { LoadingScreen } from "../components/widgets/LoadingScreen";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Waits for the promises a loader handed over (browser navigation), so meta sees real data. */
async function settleData(data: unknown): Promise<unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const entries = await Promise.all(
    Object.entries(data).map(async ([key, value]) => {
      if (!isThenable(value)) return [key, value] as const;
      try {
        return [key, await value] as const;
      } catch (error) {
        return [key, toLoadFailure(error)] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Keeps title, description, canonical, social tags and JSON-LD in step with the page after
 * client navigation. The first page's head comes from the server and is left alone.
 */
export function HeadSync() {
  const matches = useMatches();
  const config = useSiteConfig();
  const firstRun = useRef(true);

  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.meta);
    const meta = (match?.handle as RouteHandle | undefined)?.meta;
    if (!match || !meta) return;
    let cancelled = false;
    // head.ts is imported on the first client navigation: the first page's head needs none of it.
    void Promise.all([settleData(match.data), import("../lib/head")]).then(([data, { applyHead }]) => {
      if (!cancelled) applyHead(meta({ data, params: match.params, config }), config);
    });
    return () => {
      cancelled = true;
    };
  }, [matches, config]);

  return null;
}

/** Spec §2: the page scrolls smoothly to the top on every route change; focus moves to the new page for screen readers. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? "auto" : "smooth" });
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}

/** A slim progress bar while a page loads, and the loading screen when it takes longer than a moment. */
export function NavigationStatus() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), 1000);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <>
      {busy ? <div className="nav-progress" aria-hidden="true" /> : null}
      {busy && slow ? <LoadingScreen overlay /> : null}
    </>
  );
}
