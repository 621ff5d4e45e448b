/**
 * The New booking form's state (issue 13): the draft and its errors, one idempotency key per
 * filled-in form, the course and its dates, the list-price guide, and sending it.
 */
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useToast } from "@app/ui";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { useDraftForm } from "../../lib/useDraftForm";
import { newIdempotencyKey, useCourseChoices, useCourseForBooking, useCreateBooking } from "./api";
import { emptyManualBooking, listPrice, toManualBooking } from "./manualBooking";
import type { AttendeeDraft, ManualBookingDraft, ManualBookingErrors } from "./manualBooking";

export const NEW_BOOKING_FORM_ID = "bk-new-form";

/** Draft fields whose errors the contract names differently. */
const ERROR_KEYS: Partial<Record<keyof ManualBookingDraft, string>> = {
  courseId: "course_id",
  courseDateId: "course_date_id",
  addOnIds: "add_on_ids",
  unpaid: "amount_received",
};

export function useNewBookingForm() {
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
      form.check(result.errors, `#${NEW_BOOKING_FORM_ID}`);
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

  return {
    draft,
    errors,
    failure,
    change,
    edit,
    setAttendee,
    submit,
    courses,
    course,
    detail,
    dates,
    addOns,
    places,
    chosenDate,
    guide,
    busy,
  };
}

export type NewBookingForm = ReturnType<typeof useNewBookingForm>;
