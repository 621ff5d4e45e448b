/** Invoices, credit notes, their counters and VAT periods in the database (decision 421). */
import { and, asc, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  creditNotes,
  documentCounters,
  invoices,
  orderCharges,
  orderItems,
  orderPayments,
  orders,
  vatPeriods,
  type DocumentSnapshot,
} from "../../db/schema";

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type OrderFacts = typeof orders.$inferSelect;
export type ItemFacts = typeof orderItems.$inferSelect;
export type VatPeriodRow = typeof vatPeriods.$inferSelect;

/**
 * The next number of a kind in a London year: the counter row is created if missing and locked by
 * the increment itself (row lock held until commit), so concurrent issuers queue and a rollback
 * gives the number back: gapless.
 */
export async function nextSeq(tx: Tx, kind: "invoice" | "credit_note", year: number): Promise<number> {
  const rows = await tx
    .insert(documentCounters)
    .values({ kind, year, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { lastSeq: sql`${documentCounters.lastSeq} + 1` },
    })
    .returning({ seq: documentCounters.lastSeq });
  return rows[0]!.seq;
}

export async function orderFacts(tx: DbOrTx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const [payment] = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return { order, items, bookedMethod: payment?.method ?? null };
}

/** Money received on the order up to and including charge `chargeId` (the charge rows in id order). */
export async function paidUpTo(tx: DbOrTx, orderId: number, chargeId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${orderCharges.amountPence}), 0)` })
    .from(orderCharges)
    .where(and(eq(orderCharges.orderId, orderId), lte(orderCharges.id, chargeId)));
  return Number(row?.sum ?? 0);
}

export async function insertInvoice(tx: Tx, row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  return inserted!;
}

export async function insertCreditNote(tx: Tx, row: typeof creditNotes.$inferInsert): Promise<CreditNoteRow> {
  const [inserted] = await tx.insert(creditNotes).values(row).returning();
  return inserted!;
}

export async function bookingInvoiceOf(db: DbOrTx, orderId: number): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "booking")));
  return row ?? null;
}

export async function invoicesOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

export async function creditNotesOfOrder(db: DbOrTx, orderId: number): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));
}

/** Amount already credited against each invoice of an order. */
export async function creditedByInvoice(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ invoiceId: creditNotes.invoiceId, sum: sql<string>`sum(${creditNotes.amountPence})` })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .groupBy(creditNotes.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, Number(r.sum)]));
}

export async function invoiceById(db: DbOrTx, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function documentByToken(db: DbOrTx, token: string): Promise<{ snapshot: DocumentSnapshot; number: string } | null> {
  const [inv] = await db
    .select({ snapshot: invoices.snapshot, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.token, token));
  if (inv) return inv;
  const [cn] = await db
    .select({ snapshot: creditNotes.snapshot, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.token, token));
  return cn ?? null;
}

export async function documentByNumber(
  db: DbOrTx,
  number: string,
): Promise<{ snapshot: DocumentSnapshot; number: string } | null> {
  const table = number.startsWith("CN-") ? creditNotes : invoices;
  const [row] = await db.select({ snapshot: table.snapshot, number: table.number }).from(table).where(eq(table.number, number));
  return row ?? null;
}

/** The VAT period in force on a London date (latest start on or before it). */
export async function vatPeriodOn(db: DbOrTx, day: string): Promise<VatPeriodRow | null> {
  const [row] = await db
    .select()
    .from(vatPeriods)
    .where(lte(vatPeriods.startsOn, day))
    .orderBy(desc(vatPeriods.startsOn))
    .limit(1);
  return row ?? null;
}

export async function listVatPeriods(db: DbOrTx): Promise<VatPeriodRow[]> {
  return db.select().from(vatPeriods).orderBy(asc(vatPeriods.startsOn));
}

export async function upsertVatPeriod(db: DbOrTx, v: { startsOn: string; vatNumber: string | null; ratePercent: number }) {
  const [row] = await db
    .insert(vatPeriods)
    .values({ startsOn: v.startsOn, vatNumber: v.vatNumber, ratePercent: String(v.ratePercent) })
    .onConflictDoUpdate({ target: vatPeriods.startsOn, set: { vatNumber: v.vatNumber, ratePercent: String(v.ratePercent) } })
    .returning();
  return row!;
}

export async function invoicesBetween(db: DbOrTx, from: Date, to: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.year), asc(invoices.seq));
}

export async function creditNotesBetween(db: DbOrTx, from: Date, to: Date): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.year), asc(creditNotes.seq));
}

/** Payments received in a period with the invoice each is on (a booking's invoice for office payments on it). */
export async function paymentsBetween(db: DbOrTx, from: Date, to: Date) {
  const rows = await db.execute<{
    id: number;
    received_at: Date;
    amount_pence: number;
    method: string;
    provider: string;
    provider_ref: string | null;
    kind: string;
    booking_ref: string;
    order_id: number;
    invoice_number: string | null;
    buyer: string | null;
  }>(sql`
    select c.id, c.received_at, c.amount_pence, c.method, c.provider, c.provider_ref, c.kind, o.booking_ref, c.order_id,
      coalesce(i.number, b.number) as invoice_number,
      coalesce(i.snapshot->'buyer'->>'name', b.snapshot->'buyer'->>'name') as buyer
    from order_charges c
    join orders o on o.id = c.order_id
    left join invoices i on i.charge_id = c.id
    left join invoices b on b.order_id = c.order_id and b.kind = 'booking'
    where c.received_at >= ${from.toISOString()} and c.received_at < ${to.toISOString()}
    order by c.received_at, c.id`);
  return rows.rows.map((r) => ({ ...r, received_at: new Date(r.received_at) }));
}

/** When the latest invoice or credit note was issued. */
export async function lastIssuedAt(db: DbOrTx): Promise<Date | null> {
  const rows = await db.execute<{ at: string | null }>(sql`
    select greatest((select max(issued_at) from invoices), (select max(issued_at) from credit_notes)) as at`);
  const at = rows.rows[0]?.at;
  return at ? new Date(at) : null;
}

export async function orderExists(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return !!row;
}
