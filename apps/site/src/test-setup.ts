import { afterEach, expect, vi } from "vitest";
import { cleanup } from "@testing-library/react";

// A test fails when it logs console.error unexpectedly (STYLE.md).
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  const logged = errors;
  errors = [];
  expect(logged, "unexpected console.error").toEqual([]);
});
