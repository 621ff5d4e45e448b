/**
 * /create-booking: a booking the office takes by phone, in person, by bank transfer or for an
 * invoiced employer (issue 13). Seats are counted like any order on the server; the customer gets
 * the same mails. Over 300 lines: one form whose sections share the draft and its errors.
 */
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Plus, Trash2 } from "lucide-react";
import { Button, CheckboxField, SelectField, TextAreaField, TextField, useToast } from "@app/ui";
import { InvoiceAddressFields } from "./InvoiceAddressFields";
import { MANUAL_PAYMENT_METHODS, MAX_PLACES_PER_ORDER, PAYMENT_METHOD_LABELS } from "@app/contract";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { useDraftForm } from "../../lib/useDraftForm";
import { newIdempotencyKey, useCourseChoices, useCourseForBooking, useCreateBooking } from "./api";
import { canAddAttendee, emptyAttendee, emptyManualBooking, listPrice, mayBeUnpaid, toManualBooking } from "./manualBooking";
import type { AttendeeDraft, ManualBookingDraft, ManualBookingErrors } from "./manualBooking";
import { courseDate, money } from "./format";
import "./bookings.css";

const FORM_ID = "bk-new-form";

/** Draft fields whose errors the contract names differently. */
const ERROR_KEYS: Partial<Record<keyof ManualBookingDraft, string>> = {
  courseId: "course_id",
  courseDateId: "course_date_id",
  addOnIds: "add_on_ids",
  unpaid: "amount_received",
};

export default function NewBookingPage() {
  usePageTitle("New booking");
  const navigate = useNavigate();
  const toast = useToast();
  const form = useDraftForm<ManualBookingDraft, ManualBookingErrors>(emptyManualBooking);
  const { draft, errors, change } = form;
  // One key per filled-in form: pressing Save again after a lost answer cannot book twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const courses = useCourseChoices();
  const course = useCourseForBooking(draft.courseId ? Number(draft.courseId) : null);

  const create = useCreateBooking({
    onSuccess: (booking) => {
      toast.success(`Booking ${booking.booking_reference} created`);
      void navigate(paths.booking(booking.id));
    },
    onError: (error) => {
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.body.issues?.length) {
        const found: ManualBookingErrors = {};
        for (const issue of error.body.issues) found[issue.path] ??= issue.message;
        form.setErrors(found);
      }
    },
  });

  /** Any edit makes it another booking: a new key; the field's error (named as the contract names it) goes. */
  function edit<K extends keyof ManualBookingDraft>(field: K, value: ManualBookingDraft[K]) {
    change(field, value);
    setKey(newIdempotencyKey());
    const contractName = ERROR_KEYS[field];
    if (contractName && errors[contractName]) form.setErrors((e) => ({ ...e, [contractName]: undefined }));
  }

  function setAttendee(index: number, field: keyof Omit<AttendeeDraft, "key">, value: string) {
    edit(
      "attendees",
      draft.attendees.map((a, i) => (i === index ? { ...a, [field]: value } : a)),
    );
    const name = `attendees.${index}.${field}`;
    if (errors[name]) form.setErrors({ ...errors, [name]: undefined });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = toManualBooking(draft, key);
    if ("errors" in result) {
      form.check(result.errors, `#${FORM_ID}`);
      return;
    }
    form.check({});
    create.mutate(result.body);
  }

  const detail = course.data;
  const dates = detail?.courseDates ?? [];
  const addOns = detail?.addOns ?? [];
  const places = draft.attendees.length;
  const chosenDate = dates.find((d) => String(d.id) === draft.courseDateId);
  const guide = detail
    ? listPrice(
        detail.fee,
        addOns.filter((a) => draft.addOnIds.includes(a.id)).map((a) => a.price),
        places,
      )
    : null;
  const busy = create.isPending;

  return (
    <div className="content-page">
      <RouterBreadcrumb items={[{ label: "Bookings", href: paths.enrolments }, { label: "New booking" }]} />
      <form id={FORM_ID} className="bk-form" onSubmit={submit} noValidate aria-busy={busy}>
        <div>
          <h1 className="content-title">New booking</h1>
          <p className="ui-muted">
            For a customer who books by phone, in person, by bank transfer or on an invoice. They get the same mails as an online
            booking.
          </p>
        </div>

        <section className="admin-card bk-section" aria-labelledby="bk-new-course">
          <div className="admin-card__header">
            <h2 id="bk-new-course" className="admin-card__title">
              Course and date
            </h2>
          </div>
          <div className="admin-card__body">
            <div className="bk-form__grid">
              <SelectField
                label="Course*"
                placeholder={courses.isPending ? "Loading courses..." : "Choose a course"}
                value={draft.courseId}
                onChange={(e) => {
                  edit("courseId", e.target.value);
                  change("courseDateId", "");
                  change("addOnIds", []);
                }}
                options={(courses.data ?? []).map((c) => ({ value: String(c.id), label: `${c.title} (${money(c.fee)})` }))}
                error={errors.course_id ?? (courses.isError ? errorMessage(courses.error) : undefined)}
              />
              <SelectField
                label="Date*"
                placeholder={
                  !draft.courseId
                    ? "Choose a course first"
                    : course.isPending
                      ? "Loading dates..."
                      : dates.length
                        ? "Choose a date"
                        : "No upcoming dates"
                }
                value={draft.courseDateId}
                disabled={!detail || dates.length === 0}
                onChange={(e) => edit("courseDateId", e.target.value)}
                options={dates.map((d) => ({
                  value: String(d.id),
                  label: `${courseDate(d.startDate, d.endDate)} · ${d.placesLeft === 1 ? "1 place left" : `${d.placesLeft} places left`}`,
                  disabled: d.placesLeft < 1,
                }))}
                error={errors.course_date_id ?? (course.isError ? errorMessage(course.error) : undefined)}
              />
            </div>
            {addOns.length > 0 ? (
              <fieldset className="bk-choice">
                <legend>Add-ons (per place)</legend>
                {addOns.map((a) => (
                  <CheckboxField
                    key={a.id}
                    label={`${a.name} (${money(a.price)})`}
                    checked={draft.addOnIds.includes(a.id)}
                    onChange={(e) =>
                      edit("addOnIds", e.target.checked ? [...draft.addOnIds, a.id] : draft.addOnIds.filter((x) => x !== a.id))
                    }
                  />
                ))}
              </fieldset>
            ) : null}
            {chosenDate && chosenDate.placesLeft < places ? (
              <p className="bk-field-error" role="alert">
                Only {chosenDate.placesLeft} {chosenDate.placesLeft === 1 ? "place is" : "places are"} left on this date.
              </p>
            ) : null}
          </div>
        </section>

        <section className="admin-card bk-section" aria-labelledby="bk-new-attendees">
          <div className="admin-card__header">
            <h2 id="bk-new-attendees" className="admin-card__title">
              Attendees ({places} {places === 1 ? "place" : "places"})
            </h2>
          </div>
          <div className="admin-card__body">
            <ol className="bk-attendees" aria-label="Attendees" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {draft.attendees.map((a, i) => (
                <li key={a.key} className="bk-attendee">
                  <TextField
                    label={`Attendee ${i + 1} first name*`}
                    value={a.first_name}
                    onChange={(e) => setAttendee(i, "first_name", e.target.value)}
                    error={errors[`attendees.${i}.first_name`]}
                  />
                  <TextField
                    label={`Attendee ${i + 1} last name*`}
                    value={a.last_name}
                    onChange={(e) => setAttendee(i, "last_name", e.target.value)}
                    error={errors[`attendees.${i}.last_name`]}
                  />
                  <TextField
                    label={`Attendee ${i + 1} e-mail`}
                    type="email"
                    value={a.email}
                    onChange={(e) => setAttendee(i, "email", e.target.value)}
                    error={errors[`attendees.${i}.email`]}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={draft.attendees.length === 1}
                    onClick={() =>
                      edit(
                        "attendees",
                        draft.attendees.filter((x) => x.key !== a.key),
                      )
                    }
                    aria-label={`Remove attendee ${i + 1}`}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
            {errors.attendees ? <p className="bk-field-error">{errors.attendees}</p> : null}
            <div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={!canAddAttendee(draft)}
                onClick={() => edit("attendees", [...draft.attendees, emptyAttendee()])}
              >
                <Plus size={16} aria-hidden="true" />
                Add attendee
              </Button>
              {!canAddAttendee(draft) ? <p className="ui-muted">At most {MAX_PLACES_PER_ORDER} places per booking.</p> : null}
            </div>
          </div>
        </section>

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

        <section className="admin-card bk-section" aria-labelledby="bk-new-payment">
          <div className="admin-card__header">
            <h2 id="bk-new-payment" className="admin-card__title">
              Payment
            </h2>
          </div>
          <div className="admin-card__body">
            {guide !== null ? (
              <p>
                Price before any discount: <strong>{money(guide)}</strong> ({places} × course fee and add-ons)
              </p>
            ) : null}
            <fieldset className="bk-choice" aria-describedby={errors.payment_method ? "bk-pay-error" : undefined}>
              <legend>Payment method*</legend>
              {MANUAL_PAYMENT_METHODS.map((m) => (
                <label key={m} className="bk-radio">
                  <input
                    type="radio"
                    name="payment_method"
                    value={m}
                    checked={draft.payment_method === m}
                    aria-invalid={errors.payment_method ? true : undefined}
                    onChange={() => {
                      edit("payment_method", m);
                      if (!mayBeUnpaid(m)) change("unpaid", false);
                    }}
                  />
                  <span>{PAYMENT_METHOD_LABELS[m]}</span>
                </label>
              ))}
              {errors.payment_method ? (
                <p id="bk-pay-error" className="bk-field-error">
                  {errors.payment_method}
                </p>
              ) : null}
            </fieldset>
            {mayBeUnpaid(draft.payment_method) ? (
              <CheckboxField
                label="Unpaid, invoice sent"
                checked={draft.unpaid}
                onChange={(e) => edit("unpaid", e.target.checked)}
              />
            ) : null}
            {draft.unpaid && mayBeUnpaid(draft.payment_method) ? null : (
              <>
                <TextField
                  label={draft.part_payment ? "Deposit received (£)*" : "Amount received (£)*"}
                  inputMode="decimal"
                  value={draft.amount_received}
                  onChange={(e) => edit("amount_received", e.target.value)}
                  error={errors.amount_received}
                />
                <CheckboxField
                  label="This is a deposit: the balance is due before the course"
                  hint="The balance's due date follows the course's payment options; the customer gets the link to pay it."
                  checked={draft.part_payment}
                  onChange={(e) => edit("part_payment", e.target.checked)}
                />
              </>
            )}
            <TextAreaField
              label="Notes (office only)"
              rows={3}
              maxLength={2000}
              value={draft.notes}
              onChange={(e) => edit("notes", e.target.value)}
              error={errors.notes}
            />
            <CheckboxField
              label="Send the confirmation e-mail to the customer"
              checked={draft.notify}
              onChange={(e) => edit("notify", e.target.checked)}
            />
          </div>
        </section>

        {failure ? (
          <p className="bk-result bk-result--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="bk-form__actions">
          <Button type="button" variant="secondary" onClick={() => navigate(paths.enrolments)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} loadingLabel="Saving...">
            Create booking
          </Button>
        </div>
      </form>
    </div>
  );
}
