/**
 * "A paid booking" for the site's and the admin's browser tests: a guest books a course over the
 * real API (POST /api/enroll) and pays on the local payment page (POST
 * /api/payments/local/:reference/pay), so the order becomes paid the way a real one does. No mocks.
 */

export interface PaidBooking {
  /** Internal payment token (URLs only). */
  reference: string;
  /** The booking reference people read, XXXX-XXXX. */
  bookingReference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  courseId: number;
  courseTitle: string;
  courseDateId: number;
  /** The course date's first day, 'YYYY-MM-DD'. */
  startDate: string;
  /** The learner form links of the booking's attendees (licence-linked courses only). */
  learnerLinks: string[];
}

export interface PaidBookingOptions {
  /** The course, by its slug; by default the first course with places left (a multi-day date when there is one). */
  slug?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

type CourseDate = { id: number; placesLeft: number; startDate: string; endDate: string };
type CourseDetail = { id: number; title: string; courseDates: CourseDate[] };

let counter = 0;

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The course and date to book: the slug's first date with places, or the first such date of any course. */
async function chooseDate(apiUrl: string, slug?: string): Promise<{ course: CourseDetail; date: CourseDate }> {
  if (slug) {
    const course = await json<CourseDetail>(await fetch(`${apiUrl}/api/courses/slug/${slug}`), `course ${slug}`);
    const date = course.courseDates.find((d) => d.placesLeft > 0);
    if (!date) throw new Error(`no date with places left on ${slug}`);
    return { course, date };
  }
  const courses = await json<{ id: number }[]>(await fetch(`${apiUrl}/api/courses`), "course list");
  let chosen: { course: CourseDetail; date: CourseDate } | undefined;
  for (const c of courses) {
    const course = await json<CourseDetail>(await fetch(`${apiUrl}/api/courses/${c.id}`), `course ${c.id}`);
    const date =
      course.courseDates.find((d) => d.placesLeft > 0 && d.startDate !== d.endDate) ??
      course.courseDates.find((d) => d.placesLeft > 0);
    if (date && !chosen) chosen = { course, date };
    if (date && date.startDate !== date.endDate) return { course, date };
  }
  if (!chosen) throw new Error("no course date with free places in the seed");
  return chosen;
}

/** Books one place as a guest and pays for it on the local payment page; throws when either step fails. */
export async function createPaidBooking(apiUrl: string, options: PaidBookingOptions = {}): Promise<PaidBooking> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const { course, date } = await chooseDate(apiUrl, options.slug);
  const who = {
    firstName: options.firstName ?? "Testina",
    lastName: options.lastName ?? `Booker${stamp}`,
    email: options.email ?? `booker.${stamp}@example.com`,
    phone: options.phone ?? "07700 900777",
  };
  const placed = await fetch(`${apiUrl}/api/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      courses: [{ id: course.id, selectedDate: date.id, selectedAddons: [] }],
      guest_email: who.email,
      guest_name: who.firstName,
      first_name: who.firstName,
      last_name: who.lastName,
      phone_number: who.phone,
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      accept_terms: true,
    }),
  });
  if (placed.status !== 201) throw new Error(`enroll failed: ${placed.status} ${await placed.text()}`);
  const { reference, booking_reference } = (await placed.json()) as { reference: string; booking_reference: string };
  const pay = await fetch(`${apiUrl}/api/payments/local/${encodeURIComponent(reference)}/pay`, {
    method: "POST",
    redirect: "manual",
  });
  if (pay.status >= 400) throw new Error(`local pay failed: ${pay.status} ${await pay.text()}`);
  const status = await json<{ status: string; learner_links?: { url: string }[] }>(
    await fetch(`${apiUrl}/api/orders/${encodeURIComponent(reference)}/status`),
    "order status",
  );
  if (status.status !== "paid") throw new Error(`booking ${booking_reference} is ${status.status}, not paid`);
  return {
    reference,
    bookingReference: booking_reference,
    ...who,
    courseId: course.id,
    courseTitle: course.title,
    courseDateId: date.id,
    startDate: date.startDate,
    learnerLinks: (status.learner_links ?? []).map((l) => l.url),
  };
}
