import { afterEach, beforeEach, vi } from "vitest";

// A test fails when it logs console.error unexpectedly; `allowConsoleError()` (helpers) opts out for one test.
const state = globalThis as { __allowConsoleError?: boolean };
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  state.__allowConsoleError = false;
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length && !state.__allowConsoleError) {
    throw new Error(`Unexpected console.error:\n${calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n")}`);
  }
});
