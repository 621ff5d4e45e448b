/** API helpers for the browser tests: real calls to the API test server, no mocks. */
import type { APIRequestContext } from "playwright-core";

export interface PaidBooking {
  /** Internal payment token (URLs only). */
  reference: string;
  /** The booking reference people read, XXXX-XXXX. */
  bookingReference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  courseTitle: string;
  courseDateId: number;
}

let counter = 0;

/**
 * Books a course as a guest would on the site (POST /api/enroll) and pays on the local payment
 * page (POST /api/payments/local/:reference/pay), so the order becomes paid the way a real one does.
 */
export async function createPaidBooking(
  request: APIRequestContext,
  apiUrl: string,
  who: Partial<PaidBooking> = {},
): Promise<PaidBooking> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const courses = (await (await request.get(`${apiUrl}/api/courses`)).json()) as Array<{ id: number; title: string }>;
  let chosen: { id: number; title: string; dateId: number } | undefined;
  for (const c of courses) {
    const detail = (await (await request.get(`${apiUrl}/api/courses/${c.id}`)).json()) as {
      courseDates: Array<{ id: number; placesLeft: number; startDate: string; endDate: string }>;
    };
    const date =
      detail.courseDates.find((d) => d.placesLeft > 0 && d.startDate !== d.endDate) ??
      detail.courseDates.find((d) => d.placesLeft > 0);
    if (date) {
      chosen = { id: c.id, title: c.title, dateId: date.id };
      if (date.startDate !== date.endDate) break;
    }
  }
  if (!chosen) throw new Error("no course date with free places in the seed");
  const booking: PaidBooking = {
    reference: "",
    bookingReference: "",
    firstName: who.firstName ?? "Testina",
    lastName: who.lastName ?? `Booker${stamp}`,
    email: who.email ?? `booker.${stamp}@example.com`,
    phone: who.phone ?? "07700 900777",
    courseTitle: chosen.title,
    courseDateId: chosen.dateId,
  };
  const enroll = await request.post(`${apiUrl}/api/enroll`, {
    data: {
      courses: [{ id: chosen.id, selectedDate: chosen.dateId, selectedAddons: [] }],
      guest_email: booking.email,
      guest_name: booking.firstName,
      first_name: booking.firstName,
      last_name: booking.lastName,
      phone_number: booking.phone,
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      accept_terms: true,
    },
  });
  if (enroll.status() !== 201) throw new Error(`enroll failed: ${enroll.status()} ${await enroll.text()}`);
  const { reference, booking_reference } = (await enroll.json()) as { reference: string; booking_reference: string };
  booking.reference = reference;
  booking.bookingReference = booking_reference;
  const pay = await request.post(`${apiUrl}/api/payments/local/${encodeURIComponent(reference)}/pay`, { maxRedirects: 0 });
  if (pay.status() >= 400) throw new Error(`local pay failed: ${pay.status()} ${await pay.text()}`);
  return booking;
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
