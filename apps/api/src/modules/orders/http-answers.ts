/**
 * The one place where the order lifecycle's refusals become HTTP answers (decision 170). Routers
 * `throw refusalError(outcome)`; the central error handler (plugins/errors.ts) sends it in the one
 * error shape. Later steps (refund, transfer) add their kinds here, not in their routers.
 */
import {
  attendeesCountMessage as attendeesMessage,
  ORDER_ALREADY_PAID_MESSAGE,
  PLAN_NOT_OFFERED_MESSAGE,
  answerRequiredMessage,
  type PrerequisiteKey,
} from "@app/contract";
import { HttpError } from "../../lib/http-error";
import {
  CODE_NOT_FOR_CART_MESSAGE,
  CODE_USED_UP_MESSAGE,
  fullyBookedMessage,
  holdLimitMessage,
  type OrderRefusal,
} from "./outcomes";

const CHOOSE_DATE = "Please choose an available course date";
const UNKNOWN_ADD_ON = "Unknown add-on for this course";

/** A field problem: 400 with the path the form shows it under. */
const fieldError = (path: string, message: string) => new HttpError(400, message, { issues: [{ path, message }] });

export function refusalError(refusal: OrderRefusal, opts: { notFound?: string } = {}): HttpError {
  switch (refusal.kind) {
    case "not_found":
      return new HttpError(404, opts.notFound ?? "Order not found");
    case "course_not_found":
      return new HttpError(404, "Course not found");
    case "date_unavailable":
      return fieldError(`courses.${refusal.index}.selectedDate`, CHOOSE_DATE);
    case "unknown_add_on":
      return fieldError(`courses.${refusal.index}.selectedAddons`, UNKNOWN_ADD_ON);
    case "attendees_mismatch":
      return fieldError(`courses.${refusal.index}.attendees`, attendeesMessage(refusal.places));
    case "answers_missing":
      return fieldError(
        `courses.${refusal.index}.attendees.${refusal.attendee}.answers.${refusal.key}`,
        answerRequiredMessage(refusal.key as PrerequisiteKey),
      );
    case "seats_taken":
      return new HttpError(409, fullyBookedMessage(refusal));
    case "code_used_up":
      return new HttpError(409, CODE_USED_UP_MESSAGE);
    case "code_refused":
      // Out of window or unknown: not a race but a wrong code; 409 as the contract lists for the code.
      return new HttpError(409, refusal.message);
    case "code_not_for_cart":
      return new HttpError(409, CODE_NOT_FOR_CART_MESSAGE);
    case "plan_not_offered":
      return fieldError("payment_plan", PLAN_NOT_OFFERED_MESSAGE);
    case "hold_limit":
      return new HttpError(429, holdLimitMessage(refusal.limit), { retry_after: refusal.retryAfter });
    case "already_paid":
      return new HttpError(409, ORDER_ALREADY_PAID_MESSAGE);
    case "expired":
      return new HttpError(409, "This order has expired");
    case "not_pending":
      return new HttpError(409, `This order is ${refusal.order.status}`);
  }
}
