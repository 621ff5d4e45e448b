/**
 * UK postcodes (attendee changes, decision 334): checkout and office bookings ask for a postcode beside
 * the spec's address fields; it is checked as a UK postcode only when the country is the United
 * Kingdom (a buyer abroad writes their own format).
 */

/** The message a form shows beside a postcode that is not a UK one. */
export const UK_POSTCODE_MESSAGE = "Please enter a valid UK postcode, like L20 3AB";

/** Names a buyer may give for the United Kingdom (compared case-insensitively). */
const UK_NAMES = ["united kingdom", "uk", "great britain", "gb", "england", "scotland", "wales", "northern ireland"];

export const isUnitedKingdom = (country: string | null | undefined) =>
  UK_NAMES.includes((country ?? "").trim().toLowerCase().replace(/\./g, ""));

/**
 * Outward code (area, district) and inward code (sector, unit), per the Royal Mail format:
 * A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA; plus GIR 0AA. Space optional.
 */
const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPS-UW]|[A-HK-Y][0-9][ABEHMNPRV-Y]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

export const isUkPostcode = (value: string) => UK_POSTCODE.test(value.trim().toUpperCase());

/** Upper case with one space before the inward code ('l203ab' → 'L20 3AB'); other text only trimmed. */
export function formatPostcode(value: string): string {
  const v = value.trim().toUpperCase().replace(/\s+/g, "");
  return isUkPostcode(v) ? `${v.slice(0, -3)} ${v.slice(-3)}` : value.trim();
}

/** null when fine; the message when the country is the UK and the postcode is not a UK one. */
export function postcodeProblem(postcode: string | null | undefined, country: string | null | undefined): string | null {
  const v = (postcode ?? "").trim();
  if (!v || !isUnitedKingdom(country)) return null;
  return isUkPostcode(v) ? null : UK_POSTCODE_MESSAGE;
}
