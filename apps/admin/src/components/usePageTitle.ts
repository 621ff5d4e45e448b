import { useEffect } from "react";

/** Sets the tab title, e.g. 'Messages · Admin Portal'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Admin Portal` : "Admin Portal";
  }, [title]);
}
