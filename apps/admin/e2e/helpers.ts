/** API helpers for the browser tests: real calls to the API test server, no mocks. */
import type { APIRequestContext } from "playwright-core";
import { createPaidBooking as paidBooking, type PaidBooking, type PaidBookingOptions } from "@app/e2e-kit";

export type { PaidBooking } from "@app/e2e-kit";

/**
 * A paid booking (the shared helper of @app/e2e-kit: booked as a guest, paid on the local payment
 * page). The request context is kept in the signature the tests already call.
 */
export async function createPaidBooking(
  _request: APIRequestContext,
  apiUrl: string,
  who: PaidBookingOptions = {},
): Promise<PaidBooking> {
  return paidBooking(apiUrl, who);
}

/** Sends a contact message as the public site does. */
export async function sendContactMessage(
  request: APIRequestContext,
  apiUrl: string,
  message: { firstName: string; lastName: string; phoneNumber: string; emailAddress: string; message: string },
): Promise<void> {
  const res = await request.post(`${apiUrl}/api/messages`, { data: message });
  if (res.status() !== 201) throw new Error(`message failed: ${res.status()} ${await res.text()}`);
}
