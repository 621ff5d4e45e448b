/**
 * SQL of deposits, balances and instalments: the payment options (site-wide row and a course's
 * own), an order's plan and instalments, and the secret balance links of the mails.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courses, orderInstalments, orderLinks, orders, paymentSettings, type OrderRow } from "../../db/schema";
import type { PaymentOptions, PaymentPlan } from "../../db/schema/types";

export async function siteOptions(db: DbOrTx): Promise<PaymentOptions> {
  const [row] = await db.select({ options: paymentSettings.options }).from(paymentSettings).where(eq(paymentSettings.id, 1));
  return row!.options;
}

export async function saveSiteOptions(db: DbOrTx, options: PaymentOptions, now: Date): Promise<void> {
  await db
    .insert(paymentSettings)
    .values({ id: 1, options, updatedAt: now })
    .onConflictDoUpdate({ target: paymentSettings.id, set: { options, updatedAt: now } });
}

/** A course's own options (null: it uses the site-wide ones); undefined when there is no such course. */
export async function courseOwnOptions(db: DbOrTx, courseId: number): Promise<PaymentOptions | null | undefined> {
  const [row] = await db.select({ options: courses.paymentOptions }).from(courses).where(eq(courses.id, courseId));
  return row ? row.options : undefined;
}

export async function saveCourseOptions(
  db: DbOrTx,
  courseId: number,
  options: PaymentOptions | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(courses)
    .set({ paymentOptions: options, updatedAt: now })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id });
  return rows.length > 0;
}

/** The own options of these courses (null: site-wide). */
export async function coursesOwnOptions(db: DbOrTx, courseIds: number[]): Promise<Map<number, PaymentOptions | null>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({ id: courses.id, options: courses.paymentOptions })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  return new Map(rows.map((r) => [r.id, r.options]));
}

export type PlanWrite = {
  paymentPlan: PaymentPlan;
  depositPence: number | null;
  balanceDueOn: string | null;
  paymentTerms: PaymentOptions;
  /** The customer's consent to keep the card (stamped at placement; the provider's handles come with the payment). */
  cardSavedAt: Date | null;
  instalments: { dueOn: string; amountPence: number }[];
};

/** Stores how a just-placed order is paid, and its instalments. */
export async function savePlan(tx: Tx, orderId: number, plan: PlanWrite, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      paymentPlan: plan.paymentPlan,
      depositPence: plan.depositPence,
      balanceDueOn: plan.balanceDueOn,
      paymentTerms: plan.paymentTerms,
      cardSavedAt: plan.cardSavedAt,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (plan.instalments.length) {
    await tx
      .insert(orderInstalments)
      .values(
        plan.instalments.map((i, n) => ({ orderId, seq: n + 1, dueOn: i.dueOn, amountPence: i.amountPence, updatedAt: now })),
      );
  }
  return row!;
}

export async function instalmentsOf(db: DbOrTx, orderId: number) {
  return db.select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId)).orderBy(asc(orderInstalments.seq));
}

/** The order's live balance link, if any. */
export async function balanceLinkOf(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ token: orderLinks.token })
    .from(orderLinks)
    .where(and(eq(orderLinks.orderId, orderId), eq(orderLinks.purpose, "balance"), isNull(orderLinks.revokedAt)))
    .limit(1);
  return row?.token ?? null;
}

export async function insertLink(
  tx: Tx,
  orderId: number,
  token: string,
  purpose: "balance" | "manage",
  now: Date,
): Promise<void> {
  await tx.insert(orderLinks).values({ token, orderId, purpose, createdAt: now });
}

/** The order a live link of this purpose opens (null: unknown or revoked). */
export async function orderOfLink(db: DbOrTx, token: string, purpose: "balance" | "manage"): Promise<OrderRow | null> {
  const [row] = await db
    .select({ order: orders })
    .from(orderLinks)
    .innerJoin(orders, eq(orders.id, orderLinks.orderId))
    .where(and(eq(orderLinks.token, token), eq(orderLinks.purpose, purpose), isNull(orderLinks.revokedAt)));
  return row?.order ?? null;
}

/** Raises what was paid on a part-paid order (kept equal to the sum of its charges). */
export async function addPaid(tx: Tx, orderId: number, amountPence: number, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ amountPaidPence: sql`coalesce(${orders.amountPaidPence}, 0) + ${amountPence}`, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** Marks the instalments up to this amount paid (the balance paid at once settles every one left). */
export async function settleInstalments(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orderInstalments)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(orderInstalments.orderId, orderId), inArray(orderInstalments.status, ["scheduled", "failed"])));
}
