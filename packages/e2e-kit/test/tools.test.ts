/**
 * External checkers (decision 319): a missing one skips its tests off CI and fails them on CI.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { externalTool } from "../src/tools";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("externalTool", () => {
  it("runs a tool that is there, on CI or not", () => {
    vi.stubEnv("CI", "");
    const tool = externalTool("node", process.execPath, ["--version"], "install node");
    expect(tool.run).toBe(true);
    expect(() => tool.require()).not.toThrow();
  });

  it("skips a missing tool off CI", () => {
    vi.stubEnv("CI", "false");
    expect(externalTool("nothing", "/nonexistent/nu-checker", [], "apt-get install it").run).toBe(false);
  });

  it("fails a missing tool on CI, naming the install step", () => {
    vi.stubEnv("CI", "true");
    const tool = externalTool("nothing", "/nonexistent/nu-checker", [], "apt-get install it");
    expect(tool.run).toBe(true);
    expect(() => tool.require()).toThrow(/nothing is missing .*apt-get install it/);
  });
});
