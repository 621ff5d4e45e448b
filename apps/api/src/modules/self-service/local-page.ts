/** The development payment page of a date change's fee (local provider only, never in production). */
import { formatBookingRef } from "@app/contract";
import { formatPence } from "@app/rules";
import { escapeHtml } from "../../lib/html";
import type { ChangePaymentRow, OrderRow } from "./repository";

export function localChangePage(order: OrderRow, change: ChangePaymentRow, target: string, token: string): string {
  const fee = formatPence(change.feePence);
  const action = `/api/my-bookings/booking/${encodeURIComponent(token)}/change-payments/${change.id}/local/pay`;
  const body =
    change.status === "awaiting_payment"
      ? `<p>Date change fee for booking ${escapeHtml(formatBookingRef(order.bookingRef))}, moving to ${escapeHtml(target)}: <strong>${fee}</strong></p><form method="post" action="${action}"><button type="submit">Pay ${fee}</button></form>`
      : "<p>This date change is settled already.</p>";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pay the date change fee – ${fee}</title><meta name="robots" content="noindex"></head><body><main><h1>Development payment page</h1>${body}</main></body></html>`;
}
