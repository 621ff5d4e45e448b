/**
 * Issuing invoices and credit notes (decisions 421-423), always inside the transaction of the money
 * event: a payment recorded (`order_charges`) issues one invoice, a refund one credit note per
 * invoice it corrects, an office booking by invoice one invoice for its total. Numbers come from a
 * gapless counter per kind and London year.
 */
import { randomBytes } from "node:crypto";
import type { DbOrTx, Tx } from "../../db/client";
import type { refunds } from "../../db/schema";
import { addDays, ukDate } from "../../lib/dates";
import type { ChargeRow } from "../orders";
import * as repo from "./repository";
import { buildSnapshot, type Business, type Vat } from "./snapshot";

export type InvoiceConfig = { business: Business; envVat: Vat };

/** Days an office booking by invoice has to pay (decision 422). */
export const INVOICE_PAYMENT_DAYS = 30;

let config: InvoiceConfig = {
  business: { name: "", address: "", phone: "", email: "" },
  envVat: null,
};

/** The business's details and the environment's VAT (set when the app starts, plugin.ts). */
export function configureInvoices(next: InvoiceConfig): void {
  config = next;
}

const token = () => randomBytes(24).toString("base64url");
const yearOf = (at: Date) => Number(ukDate(at).slice(0, 4));
const pad = (n: number) => String(n).padStart(5, "0");

/** The VAT in force on a London day: the VAT period table, else the environment's number (decision 420). */
export async function vatOn(db: DbOrTx, at: Date): Promise<Vat> {
  const period = await repo.vatPeriodOn(db, ukDate(at));
  if (period) return period.vatNumber ? { number: period.vatNumber, ratePercent: Number(period.ratePercent) } : null;
  return config.envVat;
}

const CHARGE_LABELS: Record<ChargeRow["kind"], string> = {
  full: "Payment received",
  deposit: "Deposit received",
  balance: "Balance received",
  instalment: "Instalment received",
  office: "Payment received",
};

async function newInvoice(
  tx: Tx,
  orderId: number,
  at: Date,
  what: {
    kind: repo.InvoiceRow["kind"];
    chargeId: number | null;
    amountPence: number;
    amountLabel: string;
    method: string | null;
    paidToDatePence: number | null;
    dueOn: string | null;
    reason?: string;
  },
): Promise<repo.InvoiceRow | null> {
  const facts = await repo.orderFacts(tx, orderId);
  if (!facts) return null;
  const year = yearOf(at);
  const seq = await repo.nextSeq(tx, "invoice", year);
  const number = `INV-${year}-${pad(seq)}`;
  const vat = await vatOn(tx, at);
  const snapshot = buildSnapshot({
    title: vat ? "VAT invoice" : "Invoice",
    number,
    issuedAt: at,
    order: facts.order,
    items: facts.items,
    business: config.business,
    vat,
    amountPence: what.amountPence,
    amountLabel: what.amountLabel,
    paymentMethod: what.method,
    paidToDatePence: what.paidToDatePence ?? facts.order.amountPaidPence ?? 0,
    dueOn: what.dueOn,
    reason: what.reason ?? null,
  });
  return repo.insertInvoice(tx, {
    number,
    year,
    seq,
    kind: what.kind,
    orderId,
    chargeId: what.chargeId,
    token: token(),
    issuedAt: at,
    amountPence: what.amountPence,
    vatPence: snapshot.vat?.vatPence ?? 0,
    snapshot,
  });
}

/**
 * The invoice of a payment (the `onChargeRecorded` listener). A payment on an office booking that
 * already has its invoice (by invoice, issued at booking) is a payment against that invoice: no
 * second invoice for the same sale (decision 422).
 */
export async function invoiceChargeTx(tx: Tx, charge: ChargeRow): Promise<repo.InvoiceRow | null> {
  if (await repo.bookingInvoiceOf(tx, charge.orderId)) return null;
  return newInvoice(tx, charge.orderId, charge.receivedAt, {
    kind: "payment",
    chargeId: charge.id,
    amountPence: charge.amountPence,
    amountLabel: CHARGE_LABELS[charge.kind],
    method: charge.method,
    paidToDatePence: await repo.paidUpTo(tx, charge.orderId, charge.id),
    dueOn: null,
  });
}

/** The invoice of an office booking by invoice, for its total, due in INVOICE_PAYMENT_DAYS (once per order). */
export async function invoiceBookingTx(tx: Tx, orderId: number, at: Date): Promise<repo.InvoiceRow | null> {
  const existing = await repo.bookingInvoiceOf(tx, orderId);
  if (existing) return existing;
  const facts = await repo.orderFacts(tx, orderId);
  if (!facts) return null;
  return newInvoice(tx, orderId, at, {
    kind: "booking",
    chargeId: null,
    amountPence: facts.order.totalPence,
    amountLabel: "Amount invoiced",
    method: "invoice",
    paidToDatePence: null,
    dueOn: addDays(ukDate(at), INVOICE_PAYMENT_DAYS),
  });
}

type CreditPart = { invoice: repo.InvoiceRow; amountPence: number };

/**
 * Which invoices a credit of `amountPence` corrects (decision 423): the booking's invoice when it
 * has one; otherwise the payments' invoices from the newest back, each up to what it still holds
 * after earlier credits, so a refund spanning two payments gives two credit notes.
 */
async function allocate(tx: Tx, orderId: number, amountPence: number): Promise<CreditPart[]> {
  const all = await repo.invoicesOfOrder(tx, orderId);
  const credited = await repo.creditedByInvoice(tx, orderId);
  const booking = all.find((i) => i.kind === "booking");
  const candidates = booking ? [booking] : [...all].reverse();
  const parts: CreditPart[] = [];
  let left = amountPence;
  for (const invoice of candidates) {
    if (left <= 0) break;
    const room = invoice.amountPence - (credited.get(invoice.id) ?? 0);
    if (room <= 0) continue;
    const take = Math.min(room, left);
    parts.push({ invoice, amountPence: take });
    left -= take;
  }
  // More credited than invoiced (should not happen): the rest goes on the newest invoice.
  if (left > 0 && candidates[0]) {
    const last = parts.find((p) => p.invoice.id === candidates[0]!.id);
    if (last) last.amountPence += left;
    else parts.push({ invoice: candidates[0], amountPence: left });
  }
  return parts;
}

async function newCreditNotes(
  tx: Tx,
  orderId: number,
  amountPence: number,
  at: Date,
  what: { kind: "refund" | "price_reduction"; refundId: number | null; reason: string | null },
): Promise<repo.CreditNoteRow[]> {
  const facts = await repo.orderFacts(tx, orderId);
  if (!facts) return [];
  const out: repo.CreditNoteRow[] = [];
  for (const part of await allocate(tx, orderId, amountPence)) {
    const year = yearOf(at);
    const seq = await repo.nextSeq(tx, "credit_note", year);
    const number = `CN-${year}-${pad(seq)}`;
    // The credit carries the VAT of the invoice it corrects, so switching VAT on later changes nothing.
    const vat =
      part.invoice.snapshot.vat && part.invoice.snapshot.business.vatNumber
        ? { number: part.invoice.snapshot.business.vatNumber, ratePercent: part.invoice.snapshot.vat.ratePercent }
        : null;
    const snapshot = buildSnapshot({
      title: "Credit note",
      number,
      issuedAt: at,
      order: facts.order,
      items: facts.items,
      business: config.business,
      vat,
      amountPence: part.amountPence,
      amountLabel: what.kind === "refund" ? "Amount refunded" : "Price reduction",
      paymentMethod: null,
      paidToDatePence: facts.order.amountPaidPence ?? 0,
      dueOn: null,
      corrects: { number: part.invoice.number, issuedAt: part.invoice.issuedAt },
      reason: what.reason,
    });
    out.push(
      await repo.insertCreditNote(tx, {
        number,
        year,
        seq,
        invoiceId: part.invoice.id,
        orderId,
        refundId: what.refundId,
        kind: what.kind,
        token: token(),
        issuedAt: at,
        amountPence: part.amountPence,
        vatPence: snapshot.vat?.vatPence ?? 0,
        snapshot,
      }),
    );
  }
  return out;
}

/** The credit notes of a refund (the `onRefundRecorded` listener). None when the order has no invoice (paid before invoices began). */
export function creditRefundTx(tx: Tx, refund: typeof refunds.$inferSelect): Promise<repo.CreditNoteRow[]> {
  return newCreditNotes(tx, refund.orderId, refund.amountPence, refund.createdAt, {
    kind: "refund",
    refundId: refund.id,
    reason: refund.reason,
  });
}

/**
 * A booking's price changed (a transfer to a dearer or cheaper date, an office price change): a
 * credit note for a reduction, an invoice of kind 'adjustment' for a rise (decision 423).
 */
export async function priceChangedTx(tx: Tx, orderId: number, deltaPence: number, at: Date, reason: string): Promise<void> {
  if (deltaPence < 0) {
    await newCreditNotes(tx, orderId, -deltaPence, at, { kind: "price_reduction", refundId: null, reason });
  } else if (deltaPence > 0) {
    await newInvoice(tx, orderId, at, {
      kind: "adjustment",
      chargeId: null,
      amountPence: deltaPence,
      amountLabel: "Price increase",
      method: null,
      paidToDatePence: null,
      dueOn: addDays(ukDate(at), INVOICE_PAYMENT_DAYS),
      reason,
    });
  }
}
