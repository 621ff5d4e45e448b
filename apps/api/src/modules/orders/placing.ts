/**
 * Placing an order (decision 170): a cart priced from the database (priceCart, shared with the
 * office's bookings), then written with its items, attendees and activity entry by the booking
 * statement (booking-statement-repository.ts), holding its places and one use of its code for
 * ORDER_HOLD_MINUTES. Refusals are typed outcomes (./outcomes.ts); the routers map them to HTTP.
 */
import { APPROVAL_HOLD_HOURS, BOOKING_TERMS_VERSION, formatBookingRef, ORDER_HOLD_MINUTES } from "@app/contract";
import type { Db } from "../../db/client";
import type { DiscountCodeRow } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import { seatsMoved } from "../courses";
import { checkDiscount } from "../discounts";
import { linkOfferToOrderTx, takeWaitlistOfferTx } from "../waitlist";
import { buildItemRows, buildOrderRow } from "./order-row";
import type { PlaceOutcome, PlacedOrder } from "./outcomes";
import { bookingActivityText, priceLines, priceOrder, type OrderInput, type OrderTotals, type PricedLine } from "./pricing";
import { Refused } from "./refused";
import * as repo from "./booking-statement-repository";
import type { AttendeeWrite } from "./booking-statement-repository";
import { lockAndCountClaims } from "./claims-repository";
import { coursesForPricing } from "./pricing-repository";
import { choosePlan, savePlanOf } from "./payment-plan";

/**
 * A cart priced as an order would be (decision 170): the catalogue read in one query, the code
 * checked by the rule of GET /discounts/validate, then the pure pricing of ./pricing.ts (per-place
 * prices, add-ons, either kind of discount, course limits). placeOrder and the office's manual
 * bookings (bookings/manual.ts) both price through here, so the two always agree. No locks: the
 * seats and the code's uses are counted again under lock when the order is written.
 */
export async function priceCart(
  db: Db,
  wanted: OrderInput["courses"],
  discountCode: string | undefined | null,
  now: Date,
): Promise<PricedCart | Exclude<PlaceOutcome, { kind: "placed" | "seats_taken" | "code_used_up" }>> {
  const [courses, discountCheck] = await Promise.all([
    coursesForPricing(
      db,
      wanted.map((c) => Number(c.id)),
      ukDate(now),
    ),
    // The same rule as GET /discounts/validate (window, uses left); the count is re-done under lock.
    discountCode ? checkDiscount(db, discountCode, now) : Promise.resolve(null),
  ]);
  const priced = priceLines(courses, wanted);
  if (priced.kind !== "priced") return priced;
  const { lines } = priced;
  if (discountCheck && (!discountCheck.result.valid || !discountCheck.row))
    return { kind: "code_refused", message: discountCheck.result.message };
  const discount = discountCheck?.row ?? null;
  const totals = priceOrder(
    lines,
    discount
      ? { percentOff: discount.percentOff, amountOffPence: discount.amountOffPence, courseIds: discountCheck!.courseIds }
      : null,
  );
  if (discount && !totals.discountApplies) return { kind: "code_not_for_cart" };
  return { kind: "priced", lines, totals, discount };
}

export type PricedCart = { kind: "priced"; lines: PricedLine[]; totals: OrderTotals; discount: DiscountCodeRow | null };

/**
 * Places a pending order: priced from the database (fee + chosen add-ons, × places, − discount),
 * with its items' snapshots, one attendee per place and an `enrollment` activity entry, holding
 * its places and one use of its code for ORDER_HOLD_MINUTES. A date with too few places left or
 * a code used up in the meantime refuses the whole order (nothing is written).
 */
export type PlaceOptions = {
  /**
   * Who placed it and the unpaid-hold limits it must leave room under (decision 101, checked in
   * the booking statement itself); none for seed and office orders.
   */
  client?: (repo.OrderClientWrite & { perClient: number; perEmail: number }) | null;
  /**
   * The caller's admission checks (the rate limits), run while the cart is priced, so the order
   * waits for one round trip instead of two. Nothing is written unless it resolves.
   */
  admission?: Promise<void>;
};

export async function placeOrder(
  db: Db,
  input: OrderInput,
  now: Date,
  provider: string,
  opts: PlaceOptions = {},
): Promise<PlaceOutcome> {
  const [cart] = await Promise.all([priceCart(db, input.courses, input.discount_code, now), opts.admission]);
  if (cart.kind !== "priced") return cart;
  const { lines, totals, discount } = cart;
  // Deposits and instalments: the chosen plan, re-computed from the database (never the browser's figures).
  const chosen = await choosePlan(db, lines, totals, { plan: input.payment_plan, saveCard: input.save_card }, now);
  if (chosen.kind !== "plan") return chosen;
  const withPlan = async (placed: PlaceOutcome): Promise<PlaceOutcome> => {
    if (placed.kind === "placed" && chosen.plan.paymentPlan !== "full")
      Object.assign(placed.order, await savePlanOf(db, placed.order.id, chosen.plan, now));
    return placed;
  };
  // Issue 33: a course that needs the office's approval holds the places longer, and takes no
  // payment until approved (the router opens no payment page for it).
  const waits = lines.some((l) => l.needsApproval);
  const holdMs = waits ? APPROVAL_HOLD_HOURS * 3_600_000 : ORDER_HOLD_MINUTES * 60_000;

  const order = buildOrderRow({
    buyer: {
      firstName: input.first_name,
      lastName: input.last_name,
      guestName: input.guest_name,
      guestEmail: input.guest_email,
      phoneNumber: input.phone_number,
      country: input.country,
      streetAddress: input.street_address,
      townCity: input.town_city,
      state: input.state,
      postcode: input.postcode,
      companyName: input.company_name,
      buildingType: input.building_type,
      orderNotes: input.order_notes,
      purchaseOrder: input.purchase_order,
    },
    totals,
    discount,
    status: "pending",
    expiresAt: new Date(now.getTime() + holdMs),
    paymentProvider: provider,
    now,
    extra: {
      termsVersion: input.accept_terms ? BOOKING_TERMS_VERSION : null,
      termsAcceptedAt: input.accept_terms ? now : null,
      marketingConsentAt: input.marketing_opt_in ? now : null,
      approval: waits ? "waiting" : null,
      finderAnswers: (input.finder_answers as Record<string, string> | undefined) ?? null,
    },
  });
  const itemRows = buildItemRows(lines, totals, now);
  // One attendee per place: the named ones, or (none named) the buyer in every place.
  const attendees: AttendeeWrite[] = lines.flatMap((l, n) =>
    Array.from({ length: l.seats }, (_, p) => {
      const named = l.attendees?.[p];
      return {
        item_n: n + 1,
        position: p + 1,
        first_name: named?.firstName ?? order.firstName,
        last_name: named?.lastName ?? order.lastName,
        email: named ? named.email : order.guestEmail,
        answers: named?.answers ?? null,
      };
    }),
  );

  const insert = repo.orderInsert(
    order,
    itemRows,
    attendees,
    bookingActivityText(formatBookingRef(order.bookingRef), `${order.firstName} ${order.lastName}`, lines),
    opts.client ?? null,
  );
  const claimed = (row: repo.ClaimedIds): PlaceOutcome => {
    order.id = Number(row.order_id);
    row.item_ids.forEach((id, n) => Object.assign(itemRows[n]!, { id: Number(id), orderId: order.id }));
    const placed: PlacedOrder = Object.assign(order, { items: itemRows });
    return { kind: "placed", order: placed };
  };

  // Fast path (decisions 080, 131, 253): one statement, one round trip, its own transaction. It
  // locks the dates (in id order) and writes the order only if every date's seat counter and the
  // code's uses counter leave room for it; the code's use is claimed at commit, under the code's
  // lock (migration 0022). Orders the counters refuse (a date or a code may only look full because
  // holds ran out and are not marked expired yet) take the path below, which applies the whole rule.
  const seatsByDate = new Map<number, number>();
  for (const l of lines) seatsByDate.set(l.courseDateId, (seatsByDate.get(l.courseDateId) ?? 0) + l.seats);
  // An order from a waiting-list offer link (issue 15) skips it: the offer's held places are
  // released for this order alone inside the locked transaction below (takeWaitlistOfferTx).
  const offerToken = input.waitlist_offer || null;
  const client = opts.client ?? null;
  const room: repo.ClientRoom | null = client && {
    ...client,
    // Places, not lines: a group line holds several (decision 101 counts held places).
    places: lines.reduce((n, l) => n + l.seats, 0),
    at: now,
    since: new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000),
  };
  let fast: repo.ClaimedIds | null = null;
  try {
    fast = offerToken ? null : await repo.insertOnFastPath(db, seatsByDate, discount?.id ?? null, insert, room);
  } catch (err) {
    // The code's last use was claimed by another order at commit: the locked path decides.
    if (!repo.codeUsesFull(err)) return holdLimitOutcome(err, now);
  }
  if (fast) return await told(db, await withPlan(claimed(fast)));

  try {
    const placed = await db.transaction(async (tx) => {
      // Locks the dates (id order) and turns the live offer into 'booked'; null (unknown, used or
      // run out) leaves an ordinary order that the seat check below decides.
      const offerEntryId = offerToken
        ? await takeWaitlistOfferTx(
            tx,
            offerToken,
            lines.map((l) => l.courseDateId),
            now,
          )
        : null;
      const outcome = claimed(await repo.insertInTransaction(tx, insert));
      if (offerEntryId !== null) await linkOfferToOrderTx(tx, offerEntryId, order.id);
      const check = await lockAndCountClaims(
        tx,
        { dateIds: lines.map((l) => l.courseDateId), discountId: discount?.id ?? null },
        now,
      );
      const full = lines.find((l) => check.overbookedDateIds.includes(l.courseDateId));
      if (full) throw new Refused<PlaceOutcome>({ kind: "seats_taken", title: full.title, dateLabel: full.dateLabel });
      if (check.discountOverused) throw new Refused<PlaceOutcome>({ kind: "code_used_up" });
      // Last in the lock order (dates, code, client), as on the fast path.
      if (room) await repo.checkClientRoom(tx, room, order.id);
      return outcome;
    });
    return await told(db, await withPlan(placed));
  } catch (err) {
    if (err instanceof Refused) return err.outcome as PlaceOutcome;
    return holdLimitOutcome(err, now);
  }
}

/**
 * A committed booking, once every API instance has been told that places left moved (decision
 * 255). If the signal cannot be sent the booking still stands: instances then see it when their
 * seat snapshot reaches its maximum age (seat-counts.ts).
 */
async function told(db: Db, placed: PlaceOutcome): Promise<PlaceOutcome> {
  await seatsMoved(db).catch(() => undefined);
  return placed;
}

/** The booking statement's hold-limit refusal as an outcome (rethrows anything else). */
function holdLimitOutcome(err: unknown, now: Date): PlaceOutcome {
  const refused = repo.holdLimitRefusal(err);
  if (!refused) throw err;
  const retryAfter = refused.firstEndMs === null ? 60 : Math.max(1, Math.ceil((refused.firstEndMs - now.getTime()) / 1000));
  return { kind: "hold_limit", limit: refused.limit, retryAfter };
}
