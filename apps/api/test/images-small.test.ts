/**
 * The 400 px picture for small card slots (`<sha>-small.webp`): made on upload, and made once
 * from the card for images stored before it existed. Content-addressed, cached for a year.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(() => ctx.close());

async function thumbnailSha(): Promise<string> {
  const list = (await ctx.app.inject({ method: "GET", url: "/api/courses" })).json() as { thumbnail: string | null }[];
  const path = list.find((c) => c.thumbnail)!.thumbnail!;
  return /([a-f0-9]{64})\.webp$/.exec(path)![1]!;
}

describe("small image variant", () => {
  it("answers a 400 px WebP with the immutable cache", async () => {
    const sha = await thumbnailSha();
    const res = await ctx.app.inject({ method: "GET", url: `/api/images/${sha}-small.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(400);
  });

  it("makes it from the card once for an image stored without it", async () => {
    const sha = await thumbnailSha();
    await ctx.pool.query("update images set small = null where sha256 = $1", [sha]);
    const res = await ctx.app.inject({ method: "GET", url: `/api/images/${sha}-small.webp` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
    const { rows } = await ctx.pool.query<{ has: boolean }>("select small is not null as has from images where sha256 = $1", [
      sha,
    ]);
    expect(rows[0]!.has).toBe(true);
  });

  it("answers 404 for an unknown image", async () => {
    const res = await ctx.app.inject({ method: "GET", url: `/api/images/${"0".repeat(64)}-small.webp` });
    expect(res.statusCode).toBe(404);
  });
});
