/**
 * The office's side of bookings that need approval (issue 33): which courses ask for it and what
 * they ask each attendee, and approving or declining a booking that waits. Office roles only.
 */
import { initServer } from "@ts-rest/fastify";
import { contract, formatBookingRef } from "@app/contract";
import type { OrderRow } from "../../db/schema";
import type { Session } from "../../plugins/auth";
import { updateBookingRules } from "../courses";
import { approveBooking, declineBooking } from "./approval";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

const answer = (order: OrderRow, paymentLink: string | null) => ({
  id: order.id,
  booking_reference: formatBookingRef(order.bookingRef),
  approval: order.approval ?? "waiting",
  status: order.status,
  decline_reason: order.declineReason,
  expires_at: order.expiresAt.toISOString(),
  payment_link: paymentLink,
});

export const approvalsRouter = s.router(contract.approvals, {
  bookingRules: async ({ params, body, request }) => {
    const row = await updateBookingRules(request.server.db, params.id, {
      needsApproval: body.needs_approval,
      prerequisites: body.prerequisites,
    });
    if (!row) return { status: 404, body: { message: "Course not found" } };
    return {
      status: 200,
      body: { needs_approval: row.needsApproval, prerequisites: row.prerequisites as typeof body.prerequisites },
    };
  },
  approve: async ({ params, request }) => {
    const app = request.server;
    const { order, paymentLink } = await approveBooking(app.db, params.id, app.now(), {
      payments: app.payments,
      mail: app.mail.settings,
      actor: actorOf(request),
    });
    return { status: 200, body: answer(order, paymentLink) };
  },
  decline: async ({ params, body, request }) => {
    const app = request.server;
    const { order, dateIds } = await declineBooking(app.db, params.id, body.reason, app.now(), {
      mail: app.mail.settings,
      actor: actorOf(request),
    });
    // Freed places go to the waiting lists first (issue 15).
    await app.waitlist.placesMayHaveFreed(dateIds);
    return { status: 200, body: answer(order, null) };
  },
});
