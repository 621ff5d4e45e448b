/**
 * The office's bookings (contract: packages/contract/src/bookings.ts). Thin: each handler reads the
 * request, calls the service, and answers the booking as it is now.
 */
import { Readable } from "node:stream";
import { initServer } from "@ts-rest/fastify";
import type { FastifyRequest } from "fastify";
import { contract, DEFAULT_BOOKING_STATUS_FILTER, formatBookingRef } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import { pageOf, sendTotal } from "../../lib/paging";
import { findItems, findOrderById, findOrderByReference, withUniqueBookingRef } from "../orders";
import { bookingsCsv } from "./csv";
import { trainerBookingsCsv } from "./trainer-csv";
import { scopeOf } from "../trainers";
import { receiptPdf } from "./receipt";
import * as repo from "./repository";
import { createManualBooking, recordPayment } from "./manual";
import { cancelBooking, refundBooking } from "./refunds";
import { cancelAttendee, renameAttendee, swapAttendee } from "./attendee-actions";
import { addNote, bookingBatches, listBookings, receiptFacts, resendConfirmation, type BookingCtx } from "./service";
import { bookingDetail } from "./detail";
import { transferBooking, transferOptions } from "./transfer";

const s = initServer();

function ctxOf(request: FastifyRequest): BookingCtx {
  const app = request.server;
  const user = request.session!.user;
  return {
    db: app.db,
    provider: app.payments,
    mail: app.mail.settings,
    apiUrl: app.env.PUBLIC_API_URL,
    now: app.now(),
    actor: { id: user.id, name: user.name },
  };
}

const filterOf = (
  query: { status?: string; sort?: string; dir?: string; q?: string; money?: repo.ListFilter["money"] } | undefined,
): repo.ListFilter => ({
  status: (query?.status ?? DEFAULT_BOOKING_STATUS_FILTER) as repo.ListFilter["status"],
  sort: (query?.sort ?? "booked_on") as repo.ListFilter["sort"],
  dir: (query?.dir ?? "desc") as repo.ListFilter["dir"],
  q: query?.q,
  money: query?.money,
});

/** The course dates of a booking's items (read before a transfer: the date it leaves is the one freed). */
const datesOf = async (request: FastifyRequest, id: number) =>
  (await findItems(request.server.db, id)).flatMap((i) => (i.courseDateId ? [i.courseDateId] : []));

/** The booking after an action, with the mails it queued on their way. */
async function answer(request: FastifyRequest, id: number) {
  const app = request.server;
  app.workers.kickMail();
  return bookingDetail(app.db, id, app.now(), app.env.PUBLIC_API_URL);
}

async function pdfFor(request: FastifyRequest, order: repo.OrderRow) {
  const app = request.server;
  const facts = await receiptFacts(app.db, order);
  return receiptPdf({
    order,
    items: facts.items,
    method: facts.method,
    refundedPence: facts.refundedPence,
    charges: facts.charges,
    business: app.mail.settings,
    vat: app.env.VAT_NUMBER ? { number: app.env.VAT_NUMBER, ratePercent: app.env.VAT_RATE } : null,
    now: app.now(),
  });
}

export const bookingsRouter = s.router(contract.bookings, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listBookings(request.server.db, filterOf(query), request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  export: async ({ query, request, reply }) => {
    const app = request.server;
    const user = request.session!.user;
    // A trainer's export follows the trainer's view: own dates, no contact details or money (decision 333).
    const scope = await scopeOf(app.db, { id: user.id, name: user.name, role: user.role });
    // The office's export streams (decision 464): its first bytes leave before the last row is read.
    const csv = scope
      ? await trainerBookingsCsv(app.db, app.now(), scope, query?.q)
      : (Readable.from(bookingsCsv(app.db, bookingBatches(app.db, filterOf(query), app.now()))) as unknown as string);
    reply.header("content-disposition", `attachment; filename="bookings-${app.now().toISOString().slice(0, 10)}.csv"`);
    reply.header("cache-control", "private, no-store");
    reply.type("text/csv; charset=utf-8");
    return { status: 200, body: csv };
  },
  create: async ({ body, request }) => {
    const ctx = ctxOf(request);
    const { id, created } = await withUniqueBookingRef(() => createManualBooking(ctx, body));
    return { status: created ? 201 : 200, body: await answer(request, id) };
  },
  detail: async ({ params, request }) => ({
    status: 200,
    body: await bookingDetail(request.server.db, params.id, request.server.now(), request.server.env.PUBLIC_API_URL),
  }),
  cancel: async ({ params, body, request }) => {
    await cancelBooking(ctxOf(request), params.id, body);
    // After the commit: the freed places go to the first in line on the waiting lists (issue 15).
    await request.server.waitlist.placesMayHaveFreed(await datesOf(request, params.id));
    return { status: 200, body: await answer(request, params.id) };
  },
  refund: async ({ params, body, request }) => {
    await refundBooking(ctxOf(request), params.id, body);
    return { status: 200, body: await answer(request, params.id) };
  },
  transferOptions: async ({ params, request }) => ({
    status: 200,
    body: await transferOptions(request.server.db, params.id, request.server.now()),
  }),
  transfer: async ({ params, body, request }) => {
    const left = await datesOf(request, params.id);
    await transferBooking(ctxOf(request), params.id, body);
    await request.server.waitlist.placesMayHaveFreed(left);
    return { status: 200, body: await answer(request, params.id) };
  },
  cancelAttendee: async ({ params, body, request }) => {
    const freed = await cancelAttendee(ctxOf(request), params.id, params.attendeeId, body);
    // After the commit: the freed place goes to the first in line on the date's waiting list.
    if (freed) await request.server.waitlist.placesMayHaveFreed([freed]);
    return { status: 200, body: await answer(request, params.id) };
  },
  swapAttendee: async ({ params, body, request }) => {
    await swapAttendee(ctxOf(request), params.id, params.attendeeId, body);
    return { status: 200, body: await answer(request, params.id) };
  },
  renameAttendee: async ({ params, body, request }) => {
    await renameAttendee(ctxOf(request), params.id, params.attendeeId, body);
    return { status: 200, body: await answer(request, params.id) };
  },
  resendConfirmation: async ({ params, body, request }) => {
    await resendConfirmation(ctxOf(request), params.id, body?.idempotency_key);
    return { status: 200, body: await answer(request, params.id) };
  },
  recordPayment: async ({ params, body, request }) => {
    await recordPayment(ctxOf(request), params.id, body);
    return { status: 200, body: await answer(request, params.id) };
  },
  addNote: async ({ params, body, request }) => {
    const { note, created } = await addNote(ctxOf(request), params.id, body.text, body.idempotency_key);
    return {
      status: created ? 201 : 200,
      body: { id: note.id, text: note.text, author_name: note.authorName, created_at: note.createdAt.toISOString() },
    };
  },
  receipt: async ({ params, request, reply }) => {
    const order = await findOrderById(request.server.db, params.id);
    if (!order) throw new HttpError(404, "Booking not found");
    const pdf = await pdfFor(request, order);
    reply.header("content-disposition", `inline; filename="receipt-${formatBookingRef(order.bookingRef)}.pdf"`);
    reply.header("cache-control", "private, no-store");
    reply.type("application/pdf");
    return { status: 200, body: pdf as unknown as string };
  },
  publicReceipt: async ({ params, request, reply }) => {
    const order = await findOrderByReference(request.server.db, params.reference);
    // The secret reference is the key; only a booking that was confirmed has a receipt.
    if (!order || !order.paidAt) return { status: 404, body: { message: "Order not found" } };
    const pdf = await pdfFor(request, order);
    reply.header("content-disposition", `inline; filename="receipt-${formatBookingRef(order.bookingRef)}.pdf"`);
    reply.header("cache-control", "private, no-store");
    reply.header("referrer-policy", "no-referrer");
    reply.type("application/pdf");
    return { status: 200, body: pdf as unknown as string };
  },
});
