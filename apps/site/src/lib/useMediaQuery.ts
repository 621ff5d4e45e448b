import { useLayoutEffect, useState } from "react";

/** Spec §9: phones are under 768px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

/**
 * Whether a media query matches. False in every component's first render, on the server and in
 * the browser alike, then the real value, set by a layout effect (decision 293): the server HTML
 * is the same for every device, and a hydrating render must produce that same HTML (React reports
 * a hydration error otherwise; Preact keeps the attributes of the nodes it adopts, so stale labels
 * would stay). A module-wide "page hydrated" flag is not enough: a section hydrated in its own turn
 * (decision 257) may render after the page marked itself hydrated, as React's development build
 * showed. A component mounted later (client navigation) renders once more before the browser
 * paints, so it never shows the wrong layout; CSS keeps the first paint right.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useLayoutEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
