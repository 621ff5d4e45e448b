import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { pngDataUrl } from "./fixtures";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

describe("images", () => {
  it("re-encodes a PNG to WebP, serves full and card sizes with immutable cache headers", async () => {
    const res = await send("POST", "/api/shops", {
      name: "Hi-vis vest",
      url: "https://shop.example.com/vest",
      image: await pngDataUrl(2400, 1350),
    });
    expect(res.statusCode).toBe(201);
    const path = res.json().image as string;
    expect(path).toMatch(/^\/api\/images\/[a-f0-9]{64}\.webp$/);
    const full = await ctx.app.inject({ method: "GET", url: path });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta).toMatchObject({ format: "webp", width: 1600 });
    const card = await ctx.app.inject({ method: "GET", url: path.replace(".webp", "-card.webp") });
    expect((await sharp(card.rawPayload).metadata()).width).toBe(800);
    expect(card.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("refuses a non-image that claims an image type", async () => {
    const fake = `data:image/png;base64,${Buffer.from("<html>definitely not a picture</html>").toString("base64")}`;
    const res = await send("POST", "/api/shops", { name: "Fake", url: "https://shop.example.com/x", image: fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select an image file");
  });

  it("refuses an SVG upload (scripts and external references)", async () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>').toString("base64")}`;
    const res = await send("POST", "/api/shops", { name: "Svg", url: "https://shop.example.com/x", image: svg });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select an image file");
  });

  it("refuses an image over 5 MB", async () => {
    const big = `data:image/png;base64,${randomBytes(5 * 1024 * 1024 + 10_000).toString("base64")}`;
    const res = await send("POST", "/api/shops", { name: "Huge", url: "https://shop.example.com/x", image: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("File size must be less than 5MB");
  });

  it("answers 404 for an unknown image and for a malformed name", async () => {
    expect((await ctx.app.inject({ method: "GET", url: `/api/images/${"0".repeat(64)}.webp` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/images/../../etc/passwd" })).statusCode).toBe(404);
  });
});

describe("shop items", () => {
  it.each([
    [{ name: "", url: "https://shop.example.com" }, "Item title is required", "name"],
    [{ name: "Boots", url: "" }, "URL is required", "url"],
    [{ name: "Boots", url: "not a url" }, "Please enter a valid URL", "url"],
    [{ name: "Boots", url: "javascript:alert(1)" }, "Please enter a valid URL", "url"],
  ])("refuses %j with '%s'", async (payload, message, path) => {
    const res = await send("POST", "/api/shops", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it("creates, lists, reads, updates (keeping the picture) and deletes", async () => {
    const created = (
      await send("POST", "/api/shops", {
        name: "Torch",
        url: "https://shop.example.com/torch",
        image: await pngDataUrl(300, 300),
      })
    ).json();
    const list = await ctx.app.inject({ method: "GET", url: "/api/shops" });
    expect(list.statusCode).toBe(200);
    expect(list.headers.etag).toBeTruthy();
    expect(list.json()).toContainEqual(created);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/shops", headers: { "if-none-match": list.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
    expect((await ctx.app.inject({ method: "GET", url: `/api/shops/${created.id}` })).json()).toEqual(created);

    const upd = await send("PUT", `/api/shops/${created.id}`, {
      name: "LED Torch",
      url: "https://shop.example.com/led",
      image: created.image,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ ...created, name: "LED Torch", url: "https://shop.example.com/led" });
    // The list changed: the old ETag no longer matches.
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/shops", headers: { "if-none-match": list.headers.etag as string } }))
        .statusCode,
    ).toBe(200);

    const removed = await send("PUT", `/api/shops/${created.id}`, { image: null });
    expect(removed.json().image).toBeNull();

    const del = await send("DELETE", `/api/shops/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: `/api/shops/${created.id}` })).statusCode).toBe(404);
    expect((await send("DELETE", `/api/shops/${created.id}`)).statusCode).toBe(404);
    expect((await send("PUT", `/api/shops/${created.id}`, { name: "Gone" })).statusCode).toBe(404);
    const logs = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=4", headers: admin.headers })).json();
    expect(logs.map((l: { action: string }) => l.action)).toEqual([
      "Shop item deleted",
      "Shop item updated",
      "Shop item updated",
      "Shop item added",
    ]);
    expect(logs.every((l: { type: string; user: string }) => l.type === "other" && l.user === "Site Administrator")).toBe(true);
  });
});
