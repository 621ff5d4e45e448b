import { z } from "zod";
import { adminResponses, c, DataUrl, ErrorSchema, IdParams, MessageSchema, officeOnly, requiredText, TEXT_MAX } from "./common";

export const ShopItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** Path under the API host (/api/images/…) or null. */
  image: z.string().nullable(),
});
export type ShopItem = z.infer<typeof ShopItemSchema>;

const url = requiredText("URL is required", TEXT_MAX.url).pipe(
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "Please enter a valid URL"),
);

export const ShopItemCreateSchema = z.object({
  name: requiredText("Item title is required"),
  url,
  image: DataUrl.optional().nullable(),
});
export type ShopItemCreateInput = z.input<typeof ShopItemCreateSchema>;

/** Edit: same fields, each optional; `image` may be a new data URL or the current path (kept). */
export const ShopItemUpdateSchema = z.object({
  name: requiredText("Item title is required").optional(),
  url: url.optional(),
  image: z
    .union([DataUrl, z.string().max(TEXT_MAX.url)])
    .nullable()
    .optional(),
});
export type ShopItemUpdateInput = z.input<typeof ShopItemUpdateSchema>;

export const shopsContract = c.router({
  list: { method: "GET", path: "/shops", responses: { 200: z.array(ShopItemSchema) } },
  byId: {
    method: "GET",
    path: "/shops/:id",
    pathParams: IdParams,
    responses: { 200: ShopItemSchema, 404: ErrorSchema },
  },
  create: {
    method: "POST",
    path: "/shops",
    body: ShopItemCreateSchema,
    responses: { 201: ShopItemSchema, ...adminResponses },
    metadata: officeOnly,
  },
  update: {
    method: "PUT",
    path: "/shops/:id",
    pathParams: IdParams,
    body: ShopItemUpdateSchema,
    responses: { 200: ShopItemSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  remove: {
    method: "DELETE",
    path: "/shops/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
});
