import { afterEach, expect } from "vitest";

/**
 * Component-test setup: a test fails when it logs `console.error` (React's warnings about keys,
 * act(), invalid DOM nesting and failed prop types all arrive there), so a warning cannot scroll
 * past unread. Call once from a vitest setup file; the messages are still printed.
 */
export function failOnConsoleError(): void {
  let errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  afterEach(() => {
    const logged = errors;
    errors = [];
    expect(logged, "unexpected console.error").toEqual([]);
  });
}
