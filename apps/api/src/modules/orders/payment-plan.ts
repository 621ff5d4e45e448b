/**
 * Deposits, balances and instalments (the customer's side): the office's payment options as the
 * contract carries them, the offers a priced cart gets (the pure rule of @app/rules), and the plan
 * an order is placed under, re-computed from the database (the browser only names its choice).
 */
import { balanceDueOn, offerFor, paymentOffers, type PaymentOffer } from "@app/rules";
import { formatBookingRef, type PaymentOptionsInput, type PaymentPlanKind } from "@app/contract";
import type { CheckoutOrder } from "./port";
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import type { PaymentOptions } from "../../db/schema/types";
import { ukDate } from "../../lib/dates";
import type { OrderTotals, PricedLine } from "./pricing";
import * as repo from "./payment-plan-repository";

/** Stored options (deposit in pence) → the contract's (pounds for a fixed deposit). */
export function optionsOut(o: PaymentOptions): PaymentOptionsInput {
  return { ...o, deposit_value: o.deposit_kind === "fixed" ? o.deposit_value / 100 : o.deposit_value };
}

/** The contract's options → stored (pence for a fixed deposit). */
export function optionsIn(o: PaymentOptionsInput): PaymentOptions {
  return { ...o, deposit_value: o.deposit_kind === "fixed" ? Math.round(o.deposit_value * 100) : o.deposit_value };
}

export const getSiteOptions = (db: DbOrTx) => repo.siteOptions(db);

export async function setSiteOptions(db: Db, options: PaymentOptions, now: Date): Promise<PaymentOptions> {
  await repo.saveSiteOptions(db, options, now);
  return options;
}

/** A course's options in force and whether they are the site-wide ones; null: no such course. */
export async function getCourseOptions(
  db: Db,
  courseId: number,
): Promise<{ useSiteWide: boolean; options: PaymentOptions } | null> {
  const own = await repo.courseOwnOptions(db, courseId);
  if (own === undefined) return null;
  return own ? { useSiteWide: false, options: own } : { useSiteWide: true, options: await repo.siteOptions(db) };
}

export async function setCourseOptions(db: Db, courseId: number, own: PaymentOptions | null, now: Date) {
  if (!(await repo.saveCourseOptions(db, courseId, own, now))) return null;
  return getCourseOptions(db, courseId);
}

/**
 * The options for a cart (decision 401): those of the course with the earliest first day, with
 * deposits, instalments and Klarna on only where every course of the cart has them on.
 */
export async function cartOptions(db: DbOrTx, lines: PricedLine[]): Promise<PaymentOptions> {
  const [site, own] = await Promise.all([
    repo.siteOptions(db),
    repo.coursesOwnOptions(db, [...new Set(lines.map((l) => l.courseId))]),
  ]);
  const each = lines.map((l) => ({ line: l, options: own.get(l.courseId) ?? site }));
  const first = [...each].sort((a, b) => a.line.startDate.localeCompare(b.line.startDate))[0];
  const base = first?.options ?? site;
  const all = (key: "deposit_enabled" | "instalments_enabled" | "klarna_enabled") => each.every((e) => e.options[key]);
  return {
    ...base,
    deposit_enabled: all("deposit_enabled"),
    instalments_enabled: all("instalments_enabled"),
    klarna_enabled: all("klarna_enabled"),
  };
}

/** Every way of paying a priced cart today (London). */
export function offersOf(options: PaymentOptions, lines: PricedLine[], totals: OrderTotals, now: Date): PaymentOffer[] {
  return paymentOffers(offersInput(options, lines, totals, now));
}

function offersInput(options: PaymentOptions, lines: PricedLine[], totals: OrderTotals, now: Date) {
  const days = lines
    .map((l) => l.startDate)
    .filter(Boolean)
    .sort();
  return {
    options,
    lines: lines.map((l) => ({ pricePerPlacePence: l.unitPricePence, places: l.seats })),
    totalPence: totals.totalPence,
    firstDay: days[0] ?? null,
    today: ukDate(now),
  };
}

export type ChosenPlan = { kind: "plan"; plan: repo.PlanWrite; offer: PaymentOffer } | { kind: "plan_not_offered" };

/** The plan the customer chose, as the database prices it now; refused when it is not offered for this cart. */
export async function choosePlan(
  db: DbOrTx,
  lines: PricedLine[],
  totals: OrderTotals,
  choice: { plan?: PaymentPlanKind; saveCard?: boolean },
  now: Date,
): Promise<ChosenPlan> {
  const options = await cartOptions(db, lines);
  const input = offersInput(options, lines, totals, now);
  const offer = offerFor(input, choice.plan ?? "full");
  if (!offer) return { kind: "plan_not_offered" };
  const partPaid = offer.duePence > 0;
  return {
    kind: "plan",
    offer,
    plan: {
      paymentPlan: offer.plan,
      depositPence: partPaid ? offer.todayPence : null,
      // The balance's due day (an instalment plan's last charge falls before it).
      balanceDueOn: partPaid && input.firstDay ? balanceDueOn(input.firstDay, options.balance_due_days) : null,
      paymentTerms: options,
      // Our own instalments charge the saved card: choosing them is the consent.
      cardSavedAt: partPaid && (choice.saveCard || offer.plan === "instalments") ? now : null,
      instalments: offer.plan === "instalments" ? offer.schedule : [],
    },
  };
}

/** Stores the plan on the just-placed order (and its instalments). */
export async function savePlanOf(db: Db, orderId: number, plan: repo.PlanWrite, now: Date): Promise<OrderRow> {
  return db.transaction((tx: Tx) => repo.savePlan(tx, orderId, plan, now));
}

/** What the checkout page takes: the deposit (or first part) of a part payment, else the total. */
export const dueToday = (order: Pick<OrderRow, "paymentPlan" | "depositPence" | "totalPence">): number =>
  order.paymentPlan !== "full" && order.paymentPlan !== "klarna" && order.depositPence !== null
    ? order.depositPence
    : order.totalPence;

/** What is still to pay on an order (never below 0). */
export const amountDue = (order: Pick<OrderRow, "totalPence" | "amountPaidPence">): number =>
  Math.max(0, order.totalPence - (order.amountPaidPence ?? 0));

/** The provider's checkout of a just-placed order: a part payment asks for today's part only. */
export function checkoutOf<O extends OrderRow>(order: O): O & { part?: CheckoutPart; klarna?: boolean } {
  const today = dueToday(order);
  if (order.paymentPlan === "klarna") return { ...order, klarna: true };
  if (today >= order.totalPence) return order;
  const what = order.paymentPlan === "instalments" ? "First payment" : "Deposit";
  return {
    ...order,
    part: {
      amountPence: today,
      label: `${what} for booking ${formatBookingRef(order.bookingRef)}`,
      saveCard: order.cardSavedAt !== null,
      purpose: "deposit",
    },
  };
}

type CheckoutPart = NonNullable<CheckoutOrder["part"]>;
