/**
 * The "My bookings" calls (contract: selfService). The session cookie is the API's (httpOnly,
 * SameSite=Lax), so these calls send credentials; everything else of the site does not need them.
 */
import type { MyBooking } from "@app/contract";
import { ApiError, getApiBase } from "../../lib/api";

export type MyBookingRow = {
  booking_reference: string;
  token: string;
  status: MyBooking["status"];
  courses: string[];
  first_date: string | null;
  booked_on: string;
  total: number;
};
export type CancelQuote =
  | { allowed: false; reason: string }
  | { allowed: true; basis: string; kept: number; refund: number; credit: number; refund_by: string | null; summary: string };
export type ChangeOption = {
  item_id: number;
  course_date_id: number;
  date_label: string;
  start_date: string;
  places_left: number;
  allowed: boolean;
  reason: string | null;
  fee: number;
};

export async function call<T>(path: string, method: "GET" | "POST" = "GET", body?: unknown): Promise<T> {
  const res = await fetch(`${getApiBase()}${path}`, {
    method,
    credentials: "include",
    headers:
      body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new ApiError(json?.message ?? `Request failed with status ${res.status}`, res.status, json as never);
  return json as T;
}

export const bookingPath = (token: string) => `/api/my-bookings/booking/${encodeURIComponent(token)}`;
export const newKey = () => `site-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

/** A change with a fee: the payment page for exactly the fee (the date changes once it is paid). */
export type ChangeCheckout = { checkout_url: string; fee: number; message: string };
