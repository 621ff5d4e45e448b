import { useEffect, useRef, useState } from "react";

/** Typing waits this long before the server is asked (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

/**
 * The search box's text, sent to the URL (and so to the server) after a pause in typing, or at once
 * when the office presses Enter (`submit`).
 */
export function useSearchBox(value: string, commit: (q: string) => boolean) {
  const [text, setText] = useState(value);
  // The latest commit without restarting the pause on every render.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  // What this box last sent. The router renders a new address later than it writes it, so our own
  // search can arrive after the office typed on: it must not put the older words back in the box.
  const sentRef = useRef(value);
  const send = (q: string) => {
    if (!commitRef.current(q)) return false;
    sentRef.current = q;
    return true;
  };
  // Back/forward or a link with another search changes the URL: the box follows it.
  useEffect(() => {
    if (value !== sentRef.current) {
      sentRef.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    // A commit refused (the office is leaving the list) is tried again after the next pause, not
    // dropped: it is cancelled with the list when the other screen opens.
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!send(text.trim())) timer = setTimeout(attempt, SEARCH_DELAY_MS);
    };
    timer = setTimeout(attempt, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const submit = () => {
    if (text.trim() !== value) send(text.trim());
  };
  return [text, setText, submit] as const;
}
