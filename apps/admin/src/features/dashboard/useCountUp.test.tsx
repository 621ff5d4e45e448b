import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { COUNT_STEP_MS, COUNT_STEPS, useCountUp } from "./useCountUp";

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

describe("useCountUp", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for its stagger, then counts up in 30 steps of 50 ms", () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useCountUp(300, 400));
    expect(result.current).toBe(0);
    void act(() => vi.advanceTimersByTime(400 + COUNT_STEP_MS));
    expect(result.current).toBe(10);
    void act(() => vi.advanceTimersByTime(COUNT_STEP_MS * 14));
    expect(result.current).toBe(150);
    void act(() => vi.advanceTimersByTime(COUNT_STEP_MS * (COUNT_STEPS - 15)));
    expect(result.current).toBe(300);
  });

  it("shows the value at once under prefers-reduced-motion", () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useCountUp(970.5, 400));
    expect(result.current).toBe(970.5);
  });
});
