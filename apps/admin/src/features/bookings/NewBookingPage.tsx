/**
 * /create-booking: a booking the office takes by phone, in person, by bank transfer or for an
 * invoiced employer (issue 13). Seats are counted like any order on the server; the customer gets
 * the same mails. The form's state is in useNewBookingForm, each section in its own file.
 */
import { useNavigate } from "react-router-dom";
import { Button } from "@app/ui";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { NEW_BOOKING_FORM_ID, useNewBookingForm } from "./useNewBookingForm";
import { NewBookingCourseSection } from "./NewBookingCourseSection";
import { NewBookingAttendeesSection } from "./NewBookingAttendeesSection";
import { NewBookingCustomerSection } from "./NewBookingCustomerSection";
import { NewBookingPaymentSection } from "./NewBookingPaymentSection";
import "./bookings.css";

export default function NewBookingPage() {
  usePageTitle("New booking");
  const navigate = useNavigate();
  const form = useNewBookingForm();
  const { failure, submit, busy } = form;

  return (
    <div className="content-page">
      <RouterBreadcrumb items={[{ label: "Bookings", href: paths.enrolments }, { label: "New booking" }]} />
      <form id={NEW_BOOKING_FORM_ID} className="bk-form" onSubmit={submit} noValidate aria-busy={busy}>
        <div>
          <h1 className="content-title">New booking</h1>
          <p className="ui-muted">
            For a customer who books by phone, in person, by bank transfer or on an invoice. They get the same mails as an online
            booking.
          </p>
        </div>

        <NewBookingCourseSection form={form} />
        <NewBookingAttendeesSection form={form} />
        <NewBookingCustomerSection form={form} />
        <NewBookingPaymentSection form={form} />

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
