import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The admin takes its API and site addresses from the page the admin server sent (decision 275):
 * the server writes them as meta tags from PUBLIC_API_URL / PUBLIC_SITE_URL when it starts, and
 * builds the CSP from the same value. Without the tags (dev server, tests) VITE_* apply.
 */

async function freshConfig() {
  vi.resetModules();
  return import("./config");
}

function meta(name: string, content: string) {
  const tag = document.createElement("meta");
  tag.name = name;
  tag.content = content;
  document.head.append(tag);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="api-url"], meta[name="site-url"]').forEach((m) => m.remove());
  vi.unstubAllEnvs();
});

describe("the admin's addresses", () => {
  it("come from the meta tags the admin server wrote, over any build-time value", async () => {
    vi.stubEnv("VITE_API_URL", "http://localhost:3000");
    meta("api-url", "https://api.example.co.uk/");
    meta("site-url", "https://www.example.co.uk");
    const config = await freshConfig();
    expect(config.API_URL).toBe("https://api.example.co.uk");
    expect(config.SITE_URL).toBe("https://www.example.co.uk");
    expect(config.apiAsset("/api/images/a.webp")).toBe("https://api.example.co.uk/api/images/a.webp");
  });

  it("fall back to VITE_API_URL / VITE_SITE_URL without the tags (dev server, tests)", async () => {
    vi.stubEnv("VITE_API_URL", "http://localhost:3999");
    vi.stubEnv("VITE_SITE_URL", "http://localhost:5999/");
    const config = await freshConfig();
    expect(config.API_URL).toBe("http://localhost:3999");
    expect(config.SITE_URL).toBe("http://localhost:5999");
  });
});
