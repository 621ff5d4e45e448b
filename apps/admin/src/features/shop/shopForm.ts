import { ShopItemCreateSchema, ShopItemUpdateSchema } from "@app/contract";

export interface ShopDraft {
  name: string;
  url: string;
}

export type ShopErrors = Partial<Record<"name" | "url" | "image", string>>;

function collect(
  result: ReturnType<typeof ShopItemCreateSchema.safeParse> | ReturnType<typeof ShopItemUpdateSchema.safeParse>,
): ShopErrors {
  if (result.success) return {};
  const errors: ShopErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === "name" || key === "url" || key === "image") && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Spec §5 "Add saved item": 'Item title is required', 'URL is required', 'Please enter a valid URL'. */
export function validateShopCreate(draft: ShopDraft): ShopErrors {
  return collect(ShopItemCreateSchema.safeParse({ name: draft.name, url: draft.url.trim() }));
}

/** The edit screen sends the same two fields; the API checks them with the update schema, so the form does too. */
export function validateShopUpdate(draft: ShopDraft): ShopErrors {
  return collect(ShopItemUpdateSchema.safeParse({ name: draft.name, url: draft.url.trim() }));
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
