import { z } from "zod";
import { c, ErrorSchema } from "./common";

export const systemContract = c.router({
  health: {
    method: "GET",
    path: "/health",
    responses: { 200: z.object({ status: z.literal("ok") }) },
  },
  ready: {
    method: "GET",
    path: "/ready",
    responses: { 200: z.object({ status: z.literal("ready") }), 503: ErrorSchema },
    summary: "Ready when the database answers",
  },
  image: {
    method: "GET",
    path: "/images/:file",
    pathParams: z.object({ file: z.string().regex(/^[a-f0-9]{64}(-card|-small)?\.webp$/) }),
    query: z.object({}).passthrough().optional(),
    responses: {
      200: c.otherResponse({ contentType: "image/webp", body: c.type<Buffer>() }),
      404: ErrorSchema,
    },
    summary: "Content-addressed WebP images (immutable); '-card' is the card size (800 px), '-small' 400 px",
  },
});
