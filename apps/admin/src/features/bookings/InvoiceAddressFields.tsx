import { TextField } from "@app/ui";
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
  return (
    <>
      <TextField
        label="Street address"
        value={draft.street_address}
        onChange={(e) => edit("street_address", e.target.value)}
        error={errors.street_address}
        autoComplete="off"
      />
      <TextField
        label="Town / City"
        value={draft.town_city}
        onChange={(e) => edit("town_city", e.target.value)}
        error={errors.town_city}
        autoComplete="off"
      />
      <TextField
        label="Postcode"
        value={draft.postcode}
        onChange={(e) => edit("postcode", e.target.value.toUpperCase())}
        error={errors.postcode}
        autoComplete="off"
      />
      <TextField
        label="Country"
        value={draft.country}
        onChange={(e) => edit("country", e.target.value)}
        error={errors.country}
        autoComplete="off"
      />
    </>
  );
}
