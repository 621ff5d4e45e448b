/**
 * Decision 265 applied to the identity in the database (decision 365): in production the office
 * cannot publish (or restore) an identity still holding a fictional value, the same rules the
 * API's and the site's environments are held to. Empty when the identity is real.
 */
import type { Identity } from "@app/contract";
import { isDramaPhoneNumber, isPlaceholderEmail, isPlaceholderLink } from "@app/rules";
import { DEV_PROVIDER_NAME } from "../../env";

export function placeholderFields(identity: Identity): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  const fictional = (field: keyof Identity, what: string) =>
    found.push({ path: `body.${field}`, message: `is the fictional placeholder ${what}: enter the business's own` });
  if (identity.name === DEV_PROVIDER_NAME) fictional("name", "name");
  if (/\bexample\b/i.test(identity.street)) fictional("street", "street");
  if (identity.postcode.toUpperCase().replace(/\s+/g, "") === "L200XX") fictional("postcode", "postcode");
  if (isDramaPhoneNumber(identity.phone)) fictional("phone", "number (Ofcom drama range)");
  if (isDramaPhoneNumber(identity.mobile)) fictional("mobile", "number (Ofcom drama range)");
  if (isPlaceholderEmail(identity.email)) fictional("email", "address");
  for (const field of ["whatsappUrl", "communityUrl", "facebook", "twitter", "instagram", "youtube"] as const)
    if (identity[field] && isPlaceholderLink(identity[field])) fictional(field, "link");
  return found;
}
