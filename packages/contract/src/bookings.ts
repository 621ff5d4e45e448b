/**
 * The office's bookings (issue 13): list and detail pages, and the actions on a booking (cancel
 * and refund, refund, transfer, resend confirmation, manual booking, notes), receipts and the CSV
 * export. Money is pounds with at most 2 decimals, as everywhere in the contract. Every action
 * takes an `idempotency_key` (or is idempotent by its state) so a retried click changes nothing.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, officeOnly, TEXT_MAX, trainerToo } from "./common";
import { AttendeeParams, CancelAttendeeSchema, RenameAttendeeSchema, SwapAttendeeSchema } from "./attendee-actions";
import { BookingDetailSchema, BookingIdParams, BookingListQuery, BookingNoteSchema, BookingRowSchema } from "./booking-read";
import {
  BookingNoteInputSchema,
  CancelBookingSchema,
  ManualBookingSchema,
  RecordPaymentSchema,
  RefundBookingSchema,
  ResendConfirmationSchema,
  TransferBookingSchema,
  TransferOptionSchema,
} from "./booking-actions";

export * from "./booking-states";
export * from "./booking-read";
export * from "./booking-actions";

const PdfBody = c.otherResponse({ contentType: "application/pdf", body: c.type<string>() });
const CsvBody = c.otherResponse({ contentType: "text/csv", body: c.type<string>() });

/** Actions answer the booking as it is now; 409 when its state forbids the action (e.g. more than paid). */
const actionResponses = {
  200: BookingDetailSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  502: ErrorSchema,
  ...adminResponses,
} as const;

export const bookingsContract = c.router({
  list: {
    method: "GET",
    path: "/bookings",
    query: BookingListQuery.optional(),
    responses: { 200: z.array(BookingRowSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
    summary: "Bookings, paged on the server (x-total-count), filtered by status (default confirmed), sorted and searched",
  },
  export: {
    method: "GET",
    path: "/bookings/export.csv",
    query: BookingListQuery.omit({ page: true, limit: true }).optional(),
    responses: { 200: CsvBody, ...adminResponses },
    metadata: trainerToo,
    summary:
      "CSV: one row per attendee per course (Europe/London times), same filters as the list; trainers get their own dates without contact details or money",
  },
  create: {
    method: "POST",
    path: "/bookings",
    body: ManualBookingSchema,
    responses: { 201: BookingDetailSchema, 200: BookingDetailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary:
      "Manual booking (phone, cash, bank transfer, invoice); 200 with the same booking when the idempotency key was used before",
  },
  detail: {
    method: "GET",
    path: "/bookings/:id",
    pathParams: BookingIdParams,
    responses: { 200: BookingDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  cancel: {
    method: "POST",
    path: "/bookings/:id/cancel",
    pathParams: BookingIdParams,
    body: CancelBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Cancels the booking (places freed at once) and refunds all, part or none through the payment provider",
  },
  refund: {
    method: "POST",
    path: "/bookings/:id/refund",
    pathParams: BookingIdParams,
    body: RefundBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Refunds a chosen amount without cancelling; never more than paid in all",
  },
  transferOptions: {
    method: "GET",
    path: "/bookings/:id/transfer-options",
    pathParams: BookingIdParams,
    responses: { 200: z.array(TransferOptionSchema), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  transfer: {
    method: "POST",
    path: "/bookings/:id/transfer",
    pathParams: BookingIdParams,
    body: TransferBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Moves a course of the booking to another date of the same course (409 when it has too few places left)",
  },
  cancelAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/cancel",
    pathParams: AttendeeParams,
    body: CancelAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary:
      "Cancels one attendee's place (freed at once, offered to the waiting list) with all, part or none of a refund; 409 for a course's only place",
  },
  swapAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/swap",
    pathParams: AttendeeParams,
    body: SwapAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Hands one attendee's place to another person (seat kept; new learner form and mails)",
  },
  renameAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/rename",
    pathParams: AttendeeParams,
    body: RenameAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Corrects the name (and e-mail) of one attendee",
  },
  resendConfirmation: {
    method: "POST",
    path: "/bookings/:id/resend-confirmation",
    pathParams: BookingIdParams,
    body: ResendConfirmationSchema,
    responses: actionResponses,
    metadata: officeOnly,
  },
  recordPayment: {
    method: "POST",
    path: "/bookings/:id/payments",
    pathParams: BookingIdParams,
    body: RecordPaymentSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Records money received later on a manual booking (e.g. an invoice paid); never more than the total",
  },
  addNote: {
    method: "POST",
    path: "/bookings/:id/notes",
    pathParams: BookingIdParams,
    body: BookingNoteInputSchema,
    responses: { 201: BookingNoteSchema, 200: BookingNoteSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  receipt: {
    method: "GET",
    path: "/bookings/:id/receipt.pdf",
    pathParams: BookingIdParams,
    responses: { 200: PdfBody, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The booking's receipt/invoice PDF",
  },
  publicReceipt: {
    method: "GET",
    path: "/orders/:reference/receipt.pdf",
    pathParams: z.object({ reference: z.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: PdfBody, 404: ErrorSchema },
    summary: "The receipt/invoice PDF by the order's secret reference (success page, confirmation mail)",
  },
});
