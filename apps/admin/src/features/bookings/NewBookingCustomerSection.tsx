/** The New booking form's customer (who pays): contact, company, invoice address and discount code. */
import { DraftTextField } from "./DraftTextField";
import { InvoiceAddressFields } from "./InvoiceAddressFields";
import type { NewBookingForm } from "./useNewBookingForm";

export function NewBookingCustomerSection({ form }: { form: NewBookingForm }) {
  const { draft, errors, edit } = form;
  const field = { draft, errors, edit };
  const contact = { ...field, autoComplete: "off" } as const;
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-new-customer">
      <div className="admin-card__header">
        <h2 id="bk-new-customer" className="admin-card__title">
          Customer (who pays)
        </h2>
      </div>
      <div className="admin-card__body bk-form__grid">
        <DraftTextField {...contact} name="first_name" label="First name*" />
        <DraftTextField {...contact} name="last_name" label="Last name*" />
        <DraftTextField {...contact} name="email" label="Email address*" type="email" />
        <DraftTextField {...contact} name="phone" label="Phone number*" type="tel" />
        <DraftTextField {...field} name="company_name" label="Company name" />
        <DraftTextField {...field} name="purchase_order" label="Purchase order" />
        <InvoiceAddressFields draft={draft} errors={errors} edit={edit} />
        <DraftTextField {...field} name="discount_code" label="Discount code" upperCase />
      </div>
    </section>
  );
}
