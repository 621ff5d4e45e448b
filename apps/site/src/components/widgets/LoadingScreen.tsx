import { useEffect, useState } from "react";

/** Spec §2/§9: the loading screen's messages, rotating every 3.5 seconds. */
export const LOADING_MESSAGES = ["Loading, please wait...", "Almost done...", "Just a moment more..."] as const;
export const LOADING_ROTATION_MS = 3500;

export function LoadingScreen({ overlay = false }: { overlay?: boolean }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOADING_MESSAGES.length), LOADING_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className={overlay ? "loading-screen loading-screen--overlay" : "loading-screen"}>
      <div className="loading-screen__spinner" aria-hidden="true" />
      <p role="status" className="loading-screen__message">
        {LOADING_MESSAGES[index]}
      </p>
    </div>
  );
}
