/** The SQL of customer self-service (decisions 440-446): its own tables, and the reads it needs. */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { formatDateRange, type BookingPolicy } from "@app/rules";
import type { DbOrTx, Tx } from "../../db/client";
import {
  bookingPolicies,
  courseDates,
  courses,
  customerActions,
  customerSessions,
  customerSignIns,
  dateChangePayments,
  FIRST_POLICY_VERSION,
  orderAttendees,
  orderItems,
  orderLinks,
  orders,
  orderSelfService,
  refunds,
  waitlistEntries,
} from "../../db/schema";

export type OrderRow = typeof orders.$inferSelect;
export type SelfFacts = typeof orderSelfService.$inferSelect;
export type PolicyRow = typeof bookingPolicies.$inferSelect;

export const newToken = () => randomBytes(32).toString("base64url");

// ------------------------------------------------------------------------------------ policy

export async function policyInForce(db: DbOrTx): Promise<PolicyRow> {
  const [row] = await db.select().from(bookingPolicies).orderBy(desc(bookingPolicies.version)).limit(1);
  return row!;
}

export async function policyVersion(db: DbOrTx, version: number | null): Promise<PolicyRow> {
  if (version === null) return policyInForce(db);
  const [row] = await db.select().from(bookingPolicies).where(eq(bookingPolicies.version, version));
  return row ?? policyInForce(db);
}

/** A new version after the highest (the table lock keeps two saves from taking one number). */
export async function addPolicy(tx: Tx, policy: BookingPolicy, termsVersion: string, actorId: number, at: Date) {
  await tx.execute(sql`lock table booking_policies in share row exclusive mode`);
  const [row] = await tx
    .insert(bookingPolicies)
    .values({
      version: sql`(select coalesce(max(version), 0) + 1 from booking_policies)`,
      policy,
      termsVersion,
      actorId,
      createdAt: at,
    })
    .returning();
  return row!;
}

// ----------------------------------------------------------------------------- sign-in, session

export async function addSignIn(db: DbOrTx, tokenHash: string, email: string, expiresAt: Date, at: Date) {
  await db.insert(customerSignIns).values({ tokenHash, email, expiresAt, createdAt: at });
}

/** Spends a sign-in link once: answers its address, or null when unknown, used or expired. */
export async function spendSignIn(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(customerSignIns)
    .set({ usedAt: now })
    .where(and(eq(customerSignIns.tokenHash, tokenHash), isNull(customerSignIns.usedAt), gt(customerSignIns.expiresAt, now)))
    .returning({ email: customerSignIns.email });
  return row?.email ?? null;
}

export async function addSession(db: DbOrTx, tokenHash: string, email: string, expiresAt: Date, at: Date) {
  await db.insert(customerSessions).values({ tokenHash, email, expiresAt, createdAt: at });
}

export async function sessionEmail(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: customerSessions.email })
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, tokenHash), gt(customerSessions.expiresAt, now)));
  return row?.email ?? null;
}

export async function endSession(db: DbOrTx, tokenHash: string) {
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, tokenHash));
}

// ----------------------------------------------------------------------------------- bookings

const byEmail = (email: string) => sql`lower(${orders.guestEmail}) = lower(${email})`;

export async function hasBookings(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(byEmail(email)).limit(1);
  return rows.length > 0;
}

export async function ordersOf(db: DbOrTx, email: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(byEmail(email)).orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function itemsOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
}

/** The live 'balance' link of an order, if the payment work made one. */
export async function balanceToken(db: DbOrTx, orderId: number): Promise<string | null> {
  const [found] = await db
    .select({ token: orderLinks.token })
    .from(orderLinks)
    .where(and(eq(orderLinks.orderId, orderId), eq(orderLinks.purpose, "balance"), isNull(orderLinks.revokedAt)))
    .limit(1);
  return found?.token ?? null;
}

export async function orderOfLink(db: DbOrTx, token: string): Promise<OrderRow | null> {
  const [row] = await db
    .select({ order: orders })
    .from(orderLinks)
    .innerJoin(orders, eq(orders.id, orderLinks.orderId))
    .where(and(eq(orderLinks.token, token), eq(orderLinks.purpose, "manage"), isNull(orderLinks.revokedAt)));
  return row?.order ?? null;
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row!;
}

/**
 * The order's self-service facts. Every order placed since 0038 has its row (the table's insert
 * trigger); one without is older and not reached by the backfill yet (decision 552): the row it
 * will get, under the first policy.
 */
export async function selfFacts(db: DbOrTx, orderId: number): Promise<SelfFacts> {
  const [row] = await db.select().from(orderSelfService).where(eq(orderSelfService.orderId, orderId));
  return row ?? { orderId, policyVersion: FIRST_POLICY_VERSION, earlyStartRequested: null, dateChanges: 0, creditPence: 0 };
}

export async function refundedPence(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${refunds.amountPence}), 0)` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.sum ?? 0);
}

/** Claims a retry key for an action on the order: false when it was used already. */
export async function claimAction(
  tx: Tx,
  row: { orderId: number; kind: "cancel" | "change" | "rename" | "leave_list"; key: string; summary: string; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(customerActions)
    .values({ orderId: row.orderId, kind: row.kind, idempotencyKey: row.key, summary: row.summary, createdAt: row.at })
    .onConflictDoNothing()
    .returning({ id: customerActions.id });
  return inserted.length > 0;
}

export async function setActionSummary(tx: Tx, orderId: number, key: string, summary: string) {
  await tx
    .update(customerActions)
    .set({ summary })
    .where(and(eq(customerActions.orderId, orderId), eq(customerActions.idempotencyKey, key)));
}

/** The live waiting-list entries of an address. */
export async function waitingOf(db: DbOrTx, email: string) {
  return db
    .select({
      id: waitlistEntries.id,
      course: courses.title,
      startDate: courseDates.startDate,
      endDate: courseDates.endDate,
    })
    .from(waitlistEntries)
    .innerJoin(courseDates, eq(courseDates.id, waitlistEntries.courseDateId))
    .innerJoin(courses, eq(courses.id, courseDates.courseId))
    .where(and(sql`lower(${waitlistEntries.email}) = lower(${email})`, inArray(waitlistEntries.status, ["waiting", "offered"])))
    .orderBy(courseDates.startDate);
}

export async function attendeesOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(orderAttendees)
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(orderAttendees.orderItemId, orderAttendees.position);
}

export async function orderOfId(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

// --------------------------------------------------------------------- date changes paid for

export type ChangePaymentRow = typeof dateChangePayments.$inferSelect;

export async function addChangePayment(
  tx: Tx,
  row: { orderId: number; itemId: number; courseDateId: number; feePence: number; key: string; at: Date },
): Promise<ChangePaymentRow> {
  const [added] = await tx
    .insert(dateChangePayments)
    .values({
      orderId: row.orderId,
      orderItemId: row.itemId,
      courseDateId: row.courseDateId,
      feePence: row.feePence,
      idempotencyKey: row.key,
      createdAt: row.at,
    })
    .returning();
  return added!;
}

export async function changePaymentByKey(db: DbOrTx, orderId: number, key: string): Promise<ChangePaymentRow | null> {
  const [row] = await db
    .select()
    .from(dateChangePayments)
    .where(and(eq(dateChangePayments.orderId, orderId), eq(dateChangePayments.idempotencyKey, key)));
  return row ?? null;
}

export async function changePaymentOfOrder(db: DbOrTx, orderId: number, id: number): Promise<ChangePaymentRow | null> {
  const [row] = await db
    .select()
    .from(dateChangePayments)
    .where(and(eq(dateChangePayments.orderId, orderId), eq(dateChangePayments.id, id)));
  return row ?? null;
}

/** The change a provider's checkout session pays for, locked (its confirmation settles it once). */
export async function lockChangePayment(tx: Tx, by: { sessionId: string } | { id: number }): Promise<ChangePaymentRow | null> {
  const [row] = await tx
    .select()
    .from(dateChangePayments)
    .where("sessionId" in by ? eq(dateChangePayments.sessionId, by.sessionId) : eq(dateChangePayments.id, by.id))
    .for("update");
  return row ?? null;
}

export async function recordChangeCheckout(db: DbOrTx, id: number, sessionId: string, url: string) {
  await db
    .update(dateChangePayments)
    .set({ sessionId, checkoutUrl: url })
    .where(and(eq(dateChangePayments.id, id), isNull(dateChangePayments.sessionId)));
}

export async function settleChangePayment(tx: Tx, id: number, status: "moved" | "refunded", at: Date) {
  await tx.update(dateChangePayments).set({ status, settledAt: at }).where(eq(dateChangePayments.id, id));
}

/** The change of the order still waiting for its fee, if any (the page says so). */
export async function awaitedChange(db: DbOrTx, orderId: number): Promise<ChangePaymentRow | null> {
  const [row] = await db
    .select()
    .from(dateChangePayments)
    .where(and(eq(dateChangePayments.orderId, orderId), eq(dateChangePayments.status, "awaiting_payment")))
    .orderBy(desc(dateChangePayments.id))
    .limit(1);
  return row ?? null;
}

/** A course date as its mails and notices name it. */
export async function courseDateLabel(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db
    .select({ start: courseDates.startDate, end: courseDates.endDate })
    .from(courseDates)
    .where(eq(courseDates.id, id));
  return row ? formatDateRange(row.start, row.end) : "another date";
}
