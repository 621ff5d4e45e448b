import { useCallback, useSyncExternalStore } from "react";

/** Spec §9: phones are under 768px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

/**
 * Whether a media query matches. False on the server and during hydration (the server HTML is
 * the same for every device), then the real value: CSS keeps the first paint right.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    // Preact's compat useSyncExternalStore has no server snapshot: it calls this one on the server too.
    () => typeof window !== "undefined" && window.matchMedia(query).matches,
    () => false,
  );
}
