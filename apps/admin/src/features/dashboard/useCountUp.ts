import { useEffect, useState } from "react";

/** Spec §9: stat counter, 30 steps of 50 ms, 0.2 s stagger per card. */
export const COUNT_STEPS = 30;
export const COUNT_STEP_MS = 50;
export const COUNT_STAGGER_MS = 200;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Counts from 0 up to `target` in COUNT_STEPS steps of COUNT_STEP_MS after `delayMs`.
 * Under prefers-reduced-motion the value shows at once.
 */
export function useCountUp(target: number, delayMs: number): number {
  const reduced = prefersReducedMotion();
  const [value, setValue] = useState(reduced ? target : 0);

  useEffect(() => {
    if (reduced) {
      setValue(target);
      return;
    }
    setValue(0);
    let step = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      interval = setInterval(() => {
        step += 1;
        setValue(step >= COUNT_STEPS ? target : (target * step) / COUNT_STEPS);
        if (step >= COUNT_STEPS) clearInterval(interval);
      }, COUNT_STEP_MS);
    }, delayMs);
    return () => {
      clearTimeout(start);
      if (interval) clearInterval(interval);
    };
  }, [target, delayMs, reduced]);

  return value;
}
