import { useEffect, useRef, useState } from "react";

/** Typing waits this long before the server is asked (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

/** The search box's text, sent to the URL (and so to the server) after a pause in typing. */
export function useSearchBox(value: string, commit: (q: string) => boolean) {
  const [text, setText] = useState(value);
  // The latest commit without restarting the pause on every render.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  // Back/forward or a filter link changes the URL: the box follows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    // A commit refused (a navigation under way) is tried again after the next pause, not dropped.
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!commitRef.current(text.trim())) timer = setTimeout(attempt, SEARCH_DELAY_MS);
    };
    timer = setTimeout(attempt, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
