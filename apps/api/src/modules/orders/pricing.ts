/**
 * Pure pricing of an order (no database, no clock, no framework): which date and add-ons the
 * cart means, how many places and for whom, each line's price, and the discount with its split
 * over the lines. The lifecycle (service.ts) loads the catalogue rows and the code, then calls
 * these; unit tests pin every rule (test/orders-pricing.test.ts).
 */
import { formatDateRange as dateRangeLabel, discountLines, type DiscountTerms } from "@app/rules";
import { missingAnswers, type OrderSchema } from "@app/contract";
import type { z } from "zod";
import type { AddOnSnapshot } from "../../db/schema";

export type OrderInput = z.output<typeof OrderSchema>;
type WantedLine = OrderInput["courses"][number];

/** A course as the pricing query returns it: its open upcoming dates and its add-ons. */
export type CourseForPricing = {
  id: number;
  title: string;
  description: string;
  fee_pence: number;
  duration: string;
  time: string;
  dates: { id: number; start: string; end: string }[];
  add_ons: { id: number; name: string; price: number }[];
  /** Issue 33: bookings wait for the office's approval; the questions each attendee answers. */
  needs_approval: boolean;
  prerequisites: string[];
};

export type AttendeeName = {
  firstName: string;
  lastName: string;
  email: string | null;
  /** Answers to the course's prerequisite questions (issue 33), or null. */
  answers: Record<string, string> | null;
};

/** One line of the order: a course on a date, for `seats` places. */
export type PricedLine = {
  courseId: number;
  courseDateId: number;
  title: string;
  duration: string;
  time: string;
  description: string;
  startDate: string;
  endDate: string;
  dateLabel: string;
  /** Places on the date (group bookings: more than 1). */
  seats: number;
  /** One place: the course fee plus the chosen add-ons. */
  unitPricePence: number;
  /** The line before discount: unitPricePence × seats. */
  originalPricePence: number;
  addOns: AddOnSnapshot[];
  /** Who takes each place, or null: every place is the buyer's. */
  attendees: AttendeeName[] | null;
  /** The course waits for the office's approval before payment (issue 33). */
  needsApproval: boolean;
};

/** Why a cart cannot be priced: all the customer's to fix (answered 4xx). */
export type PricingRefusal =
  | { kind: "course_not_found" }
  | { kind: "date_unavailable"; index: number }
  | { kind: "unknown_add_on"; index: number }
  | { kind: "attendees_mismatch"; index: number; places: number }
  /** An attendee left one of the course's prerequisite questions unanswered (issue 33). */
  | { kind: "answers_missing"; index: number; attendee: number; key: string };

/**
 * The date a cart line means: by id (our clients), or by the spec's label ('12 - 14th Mar 2025',
 * the original's clients), which must name exactly one open date: two dates with the same label
 * are ambiguous, so neither is chosen.
 */
export function matchDate<D extends { id: number; start: string; end: string }>(
  dates: readonly D[],
  selected: number | string,
): D | null {
  const matches =
    typeof selected === "number"
      ? dates.filter((d) => d.id === selected)
      : dates.filter((d) => dateRangeLabel(d.start, d.end) === String(selected).trim());
  return matches.length === 1 ? matches[0]! : null;
}

/** The chosen add-ons (each once), or null when one is not the course's. */
export function matchAddOns(
  available: readonly { id: number; name: string; price: number }[],
  chosen: readonly number[],
): AddOnSnapshot[] | null {
  const picked = [...new Set(chosen)].map((id) => available.find((a) => a.id === id));
  if (picked.some((a) => !a)) return null;
  return picked.map((a) => ({ name: a!.name, price_pence: a!.price }));
}

/**
 * The places of a line and who takes them: `quantity` (default 1); named attendees, when given,
 * must be exactly one per place (null when they are not).
 */
export function placesOf(
  wanted: Pick<WantedLine, "quantity" | "attendees">,
): { seats: number; attendees: AttendeeName[] | null } | null {
  const seats = wanted.quantity ?? 1;
  if (!wanted.attendees) return { seats, attendees: null };
  if (wanted.attendees.length !== seats) return null;
  return {
    seats,
    attendees: wanted.attendees.map((a) => ({
      firstName: a.first_name,
      lastName: a.last_name,
      email: a.email ?? null,
      answers: a.answers && Object.keys(a.answers).length ? (a.answers as Record<string, string>) : null,
    })),
  };
}

/**
 * The first prerequisite question left unanswered (issue 33): a course that asks questions needs
 * every place named, each with every answer. Null when all are answered.
 */
export function unansweredOf(
  asked: readonly string[],
  attendees: readonly AttendeeName[] | null,
  seats: number,
): { attendee: number; key: string } | null {
  if (asked.length === 0) return null;
  for (let n = 0; n < seats; n++) {
    const key = missingAnswers(asked, attendees?.[n]?.answers)[0];
    if (key) return { attendee: n, key };
  }
  return null;
}

/** Prices every line of the cart against the catalogue rows, in cart order; the first problem refuses it. */
export function priceLines(
  courses: readonly CourseForPricing[],
  wanted: readonly WantedLine[],
): { kind: "priced"; lines: PricedLine[] } | PricingRefusal {
  const lines: PricedLine[] = [];
  for (const [index, line] of wanted.entries()) {
    const course = courses.find((c) => Number(c.id) === line.id);
    if (!course) return { kind: "course_not_found" };
    const date = matchDate(course.dates, line.selectedDate);
    if (!date) return { kind: "date_unavailable", index };
    const addOns = matchAddOns(course.add_ons, line.selectedAddons);
    if (!addOns) return { kind: "unknown_add_on", index };
    const places = placesOf(line);
    if (!places) return { kind: "attendees_mismatch", index, places: line.quantity ?? 1 };
    const unanswered = unansweredOf(course.prerequisites ?? [], places.attendees, places.seats);
    if (unanswered) return { kind: "answers_missing", index, ...unanswered };
    const unitPricePence = Number(course.fee_pence) + addOns.reduce((s, a) => s + a.price_pence, 0);
    lines.push({
      courseId: Number(course.id),
      courseDateId: date.id,
      title: course.title,
      duration: course.duration,
      time: course.time,
      description: course.description,
      startDate: date.start,
      endDate: date.end,
      dateLabel: dateRangeLabel(date.start, date.end),
      seats: places.seats,
      unitPricePence,
      originalPricePence: unitPricePence * places.seats,
      addOns,
      attendees: places.attendees,
      needsApproval: Boolean(course.needs_approval),
    });
  }
  return { kind: "priced", lines };
}

export type OrderTotals = {
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  /** Each line's price after its share of the discount, in line order. */
  paidPrices: number[];
  /** False when a course-limited code matches no line (the code is refused). */
  discountApplies: boolean;
};

/** Subtotal, discount (either kind, only on the code's courses) and each line's share (@app/rules). */
export function priceOrder(
  lines: readonly Pick<PricedLine, "courseId" | "originalPricePence">[],
  terms: DiscountTerms | null,
): OrderTotals {
  const subtotalPence = lines.reduce((s, l) => s + l.originalPricePence, 0);
  if (!terms) {
    return {
      subtotalPence,
      discountPence: 0,
      totalPence: subtotalPence,
      paidPrices: lines.map((l) => l.originalPricePence),
      discountApplies: true,
    };
  }
  const out = discountLines(
    lines.map((l) => ({ courseId: l.courseId, pricePence: l.originalPricePence })),
    terms,
  );
  return {
    subtotalPence,
    discountPence: out.discountPence,
    totalPence: subtotalPence - out.discountPence,
    paidPrices: out.paidPrices,
    discountApplies: out.applies,
  };
}

/** The `enrollment` activity entry's text: who booked what (and how many places). */
export function bookingActivityText(
  bookingRef: string,
  buyer: string,
  lines: readonly Pick<PricedLine, "title" | "dateLabel" | "seats">[],
): string {
  const what = lines.map((l) => `${l.title} (${l.dateLabel})${l.seats > 1 ? ` × ${l.seats} places` : ""}`).join(", ");
  return `${bookingRef}: ${buyer} booked ${what}`;
}
