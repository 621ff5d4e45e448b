/**
 * A client generated from the published OpenAPI document alone (openapi-typescript's `schema.d.ts`
 * + openapi-fetch), as an outside developer would build it: these calls must type-check
 * (openapi-client.test.ts runs `tsc --noEmit` over this file), and the `@ts-expect-error` lines
 * must stay errors, so the document's parameter, body and answer types are real, not `any`.
 */
import createClient from "openapi-fetch";
import type { paths } from "./schema";

export const api = createClient<paths>({ baseUrl: "http://localhost:3000" });

export async function examples() {
  const courses = await api.GET("/api/courses");
  const firstTitle: string | undefined = courses.data?.[0]?.title;

  const bookings = await api.GET("/api/bookings", { params: { query: { status: "all", page: 2, limit: 50, q: "Smith" } } });
  const reference: string | undefined = bookings.data?.[0]?.booking_reference;
  const firstDate: string | null | undefined = bookings.data?.[0]?.first_date;

  const signIn = await api.POST("/api/login", { body: { email: "office@example.com", password: "a long passphrase" } });
  const next = signIn.data?.next;

  const order = await api.POST("/api/enroll", {
    body: {
      courses: [{ id: 1, selectedDate: 2 }],
      guest_email: "casey@example.com",
      guest_name: "Casey",
      first_name: "Casey",
      last_name: "Jones",
      phone_number: "07700 900321",
      country: "United Kingdom",
      street_address: "2 Example Lane",
      town_city: "Bootle",
      state: "England",
    },
  });
  const orderError: string | undefined = order.error?.message;

  const me = await api.GET("/api/me");
  const role = me.data?.user.role;

  // @ts-expect-error: the list's status filter is an enum, not any string
  await api.GET("/api/bookings", { params: { query: { status: "whatever" } } });
  // @ts-expect-error: login's e-mail is a string
  await api.POST("/api/login", { body: { email: 42, password: "x" } });
  // @ts-expect-error: a course date's path needs its id
  await api.GET("/api/courses/{id}", {});

  return { firstTitle, reference, firstDate, next, orderError, role };
}
