import { DraftTextField } from "./DraftTextField";
import type { ManualBookingDraft } from "./manualBooking";

type AddressField = "street_address" | "town_city" | "postcode" | "country";

/**
 * The invoice address of an office booking (an employer's invoice reads it), beside the buyer's
 * name: optional, the postcode checked as a UK postcode when the country is the United Kingdom.
 */
export function InvoiceAddressFields({
  draft,
  errors,
  edit,
}: {
  draft: Pick<ManualBookingDraft, AddressField>;
  errors: Partial<Record<string, string>>;
  edit: (field: AddressField, value: string) => void;
}) {
  const field = { draft, errors, edit, autoComplete: "off" } as const;
  return (
    <>
      <DraftTextField {...field} name="street_address" label="Street address" />
      <DraftTextField {...field} name="town_city" label="Town / City" />
      <DraftTextField {...field} name="postcode" label="Postcode" upperCase />
      <DraftTextField {...field} name="country" label="Country" />
    </>
  );
}
