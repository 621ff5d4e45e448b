import { useState } from "react";
import { Button, Modal } from "@app/ui";
import { formatDateRange, formatLongDate, formatPounds, parseCalendarDate } from "@app/ui/format";
import type { Enrollment } from "@app/contract";
import { StatusBadge } from "./StatusBadge";
import { ApprovalPanel } from "./ApprovalPanel";

/** Spec §9: 'See more' threshold. */
export const SEE_MORE_CHARS = 200;

function Field({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "admin-details__wide" : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > SEE_MORE_CHARS;
  return (
    <div className="enrol-desc">
      <p className={long && !expanded ? "enrol-desc__text enrol-desc__text--clamped" : "enrol-desc__text"}>{text}</p>
      {long ? (
        <button type="button" className="admin-linkbtn" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? "See less" : "See more"}
        </button>
      ) : null}
    </div>
  );
}

function dateOrNothing(value: string | undefined): string | null {
  return value && parseCalendarDate(value) ? formatLongDate(value) : null;
}

/** 'Enrollment Information' (spec §2) with the order's status, reference and amounts. */
export function EnrolmentModal({ enrolment, onClose }: { enrolment: Enrollment | null; onClose: () => void }) {
  const e = enrolment;
  return (
    <Modal
      open={e !== null}
      onClose={onClose}
      title="Enrollment Information"
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {e ? (
        <div className="enrol-modal">
          <div className="enrol-modal__status">
            {e.status ? <StatusBadge status={e.status} /> : null}
            <span className="enrol-modal__ref">Reference {e.booking_reference}</span>
          </div>
          <dl className="admin-details">
            <Field label="First Name">{e.first_name}</Field>
            <Field label="Last Name">{e.last_name}</Field>
            {e.phone_number ? (
              <Field label="Phone Number">
                <a href={`tel:${e.phone_number.replace(/[^\d+]/g, "")}`}>{e.phone_number}</a>
              </Field>
            ) : null}
            {e.guest_email ? (
              <Field label="Email Address">
                <a href={`mailto:${e.guest_email}`}>{e.guest_email}</a>
              </Field>
            ) : null}
            {e.company_name ? <Field label="Company Name">{e.company_name}</Field> : null}
            {e.state !== undefined ? <Field label="State">{e.state}</Field> : null}
            {e.town_city !== undefined ? <Field label="Town/City">{e.town_city}</Field> : null}
            {e.building_type ? <Field label="Building Type">{e.building_type}</Field> : null}
            {e.street_address !== undefined ? (
              <Field label="Street Address" wide>
                {e.street_address}
              </Field>
            ) : null}
            {e.postcode ? <Field label="Postcode">{e.postcode}</Field> : null}
            {e.order_notes ? (
              <Field label="Order Notes" wide>
                <span className="admin-details__text">{e.order_notes}</span>
              </Field>
            ) : null}
            {e.total !== undefined ? (
              <>
                <Field label="Total">
                  {formatPounds(e.total)}
                  {e.discount_code
                    ? ` (code ${e.discount_code}, ${e.percent_off ?? 0}% off ${formatPounds(e.subtotal ?? 0)})`
                    : ""}
                </Field>
                <Field label="Amount Paid">{e.amount_paid == null ? "Not paid" : formatPounds(e.amount_paid)}</Field>
                <Field label="Booking Terms">
                  {e.terms_version && e.terms_accepted_at
                    ? `Version ${e.terms_version}, agreed ${formatLongDate(e.terms_accepted_at)}`
                    : "Not recorded"}
                </Field>
              </>
            ) : null}
          </dl>

          <ApprovalPanel enrolment={e} onDone={onClose} />

          <h3 className="enrol-modal__courses-title">Enrolled Courses ({e.courses.length})</h3>
          <ul className="enrol-courses">
            {e.courses.map((c, i) => {
              const start = dateOrNothing(c.startDate);
              const end = dateOrNothing(c.endDate);
              return (
                <li key={`${c.id ?? "x"}-${c.course_date_id ?? i}`} className="enrol-course">
                  <div className="enrol-course__head">
                    <h4 className="enrol-course__title">{c.title}</h4>
                    {c.pivot ? <span className="enrol-course__price">{formatPounds(c.pivot.price_paid)}</span> : null}
                  </div>
                  <dl className="admin-details enrol-course__facts">
                    <Field label="Course Date">{c.date_label || formatDateRange(c.startDate, c.endDate)}</Field>
                    <Field label="Duration">{c.duration}</Field>
                    <Field label="Time">{c.time}</Field>
                    {start ? <Field label="Start Date">{start}</Field> : null}
                    {end ? <Field label="End Date">{end}</Field> : null}
                    {c.pivot ? <Field label="Enrollment Date">{formatLongDate(c.pivot.created_at)}</Field> : null}
                    {c.pivot ? <Field label="Original Price">{formatPounds(c.pivot.original_price)}</Field> : null}
                    {c.addOns.length > 0 ? (
                      <Field label="Add-ons" wide>
                        {c.addOns
                          .map((a) => (a.price === undefined ? a.name : `${a.name} (${formatPounds(a.price)})`))
                          .join(", ")}
                      </Field>
                    ) : null}
                    {c.description ? (
                      <Field label="Description" wide>
                        <Description text={c.description} />
                      </Field>
                    ) : null}
                  </dl>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
