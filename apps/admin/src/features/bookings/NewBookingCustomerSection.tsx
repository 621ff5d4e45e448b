/** The New booking form's customer (who pays): contact, company, invoice address and discount code. */
import { TextField } from "@app/ui";
import { InvoiceAddressFields } from "./InvoiceAddressFields";
import type { NewBookingForm } from "./useNewBookingForm";

export function NewBookingCustomerSection({ form }: { form: NewBookingForm }) {
  const { draft, errors, edit } = form;
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-new-customer">
      <div className="admin-card__header">
        <h2 id="bk-new-customer" className="admin-card__title">
          Customer (who pays)
        </h2>
      </div>
      <div className="admin-card__body bk-form__grid">
        <TextField
          label="First name*"
          value={draft.first_name}
          onChange={(e) => edit("first_name", e.target.value)}
          error={errors.first_name}
          autoComplete="off"
        />
        <TextField
          label="Last name*"
          value={draft.last_name}
          onChange={(e) => edit("last_name", e.target.value)}
          error={errors.last_name}
          autoComplete="off"
        />
        <TextField
          label="Email address*"
          type="email"
          value={draft.email}
          onChange={(e) => edit("email", e.target.value)}
          error={errors.email}
          autoComplete="off"
        />
        <TextField
          label="Phone number*"
          type="tel"
          value={draft.phone}
          onChange={(e) => edit("phone", e.target.value)}
          error={errors.phone}
          autoComplete="off"
        />
        <TextField
          label="Company name"
          value={draft.company_name}
          onChange={(e) => edit("company_name", e.target.value)}
          error={errors.company_name}
        />
        <TextField
          label="Purchase order"
          value={draft.purchase_order}
          onChange={(e) => edit("purchase_order", e.target.value)}
          error={errors.purchase_order}
        />
        <InvoiceAddressFields draft={draft} errors={errors} edit={edit} />
        <TextField
          label="Discount code"
          value={draft.discount_code}
          onChange={(e) => edit("discount_code", e.target.value.toUpperCase())}
          error={errors.discount_code}
        />
      </div>
    </section>
  );
}
