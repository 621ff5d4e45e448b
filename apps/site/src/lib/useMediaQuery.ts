import { useEffect, useState } from "react";

/** Spec §9: phones are under 768px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

/** Set once the first page has hydrated: components mounted later may read the real value at once. */
let hydrated = false;

/** Called by the root layout after hydration. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * Whether a media query matches. False on the server and during hydration (the server HTML is
 * the same for every device, and the hydrating render must produce that same HTML: Preact keeps
 * the attributes of the nodes it adopts, so a different first render would leave stale labels
 * behind), then the real value, set by an effect. Components mounted after hydration (client
 * navigation) start from the real value. CSS keeps the first paint right.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => hydrated && typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
