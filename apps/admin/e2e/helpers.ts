/** API helpers for the browser tests: real calls to the API test server, no mocks. */
import type { APIRequestContext, BrowserContext } from "playwright-core";
import { inject } from "vitest";
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

/**
 * The portal's calls to its API go to another API (a file's own, e.g. with the Stripe provider)
 * instead, as they are, and the admin is signed in there.
 */
export async function useOtherApi(context: BrowserContext, apiUrl: string, otherApi: string): Promise<void> {
  await context.route(
    (url) => url.origin === new URL(apiUrl).origin,
    async (route) => {
      const url = route.request().url().replace(apiUrl, otherApi);
      // A call still in flight when the test closes its page (the bell's "seen") is dropped.
      await route
        .fetch({ url })
        .then(
          (response) => route.fulfill({ response }),
          () => route.abort(),
        )
        .catch(() => undefined);
    },
  );
  // The session cookie is for the host (ports do not count), so this sign-in serves the routed calls.
  const signIn = await context.request.post(`${otherApi}/api/login`, {
    data: inject("adminCredentials"),
    headers: { Origin: inject("adminUrl") },
  });
  if (signIn.status() !== 200) throw new Error(`sign-in on the other API failed: ${signIn.status()}`);
}
