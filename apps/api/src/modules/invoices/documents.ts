/** Reading issued documents: a booking's list, PDFs by number or secret link, the period's exports, VAT periods. */
import type { CustomerDocument, FinanceDocument, VatPeriod } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import { documentPdf } from "./pdf";
import { paymentsCsv, salesCsv, type ExportFormat, type ExportKind, type SalesDoc } from "./exports";
import * as repo from "./repository";

const pounds = (pence: number) => pence / 100;

export async function documentsOfBooking(db: DbOrTx, orderId: number, apiUrl: string): Promise<FinanceDocument[]> {
  const [invoices, credits] = await Promise.all([repo.invoicesOfOrder(db, orderId), repo.creditNotesOfOrder(db, orderId)]);
  const byId = new Map(invoices.map((i) => [i.id, i.number]));
  const link = (token: string) => `${apiUrl.replace(/\/$/, "")}/api/documents/by-link/${token}`;
  const docs: (FinanceDocument & { at: number })[] = [
    ...invoices.map((i) => ({
      type: "invoice" as const,
      number: i.number,
      kind: i.kind,
      issued_at: i.issuedAt.toISOString(),
      amount: pounds(i.amountPence),
      vat: pounds(i.vatPence),
      corrects: null,
      pdf_path: `/api/documents/${i.number}/pdf`,
      public_url: link(i.token),
      at: i.issuedAt.getTime(),
    })),
    ...credits.map((c) => ({
      type: "credit_note" as const,
      number: c.number,
      kind: c.kind,
      issued_at: c.issuedAt.toISOString(),
      amount: pounds(c.amountPence),
      vat: pounds(c.vatPence),
      corrects: byId.get(c.invoiceId) ?? null,
      pdf_path: `/api/documents/${c.number}/pdf`,
      public_url: link(c.token),
      at: c.issuedAt.getTime(),
    })),
  ];
  return docs.sort((a, b) => a.at - b.at).map(({ at: _at, ...d }) => d);
}

/**
 * What the customer may see of their booking's documents: each by its secret link (their booking's
 * page and mails; decision 490). `issuedFrom` keeps those a money event just issued.
 */
export async function customerDocuments(
  db: DbOrTx,
  orderId: number,
  apiUrl: string,
  query: { type?: FinanceDocument["type"]; issuedFrom?: Date } = {},
): Promise<CustomerDocument[]> {
  const docs = await documentsOfBooking(db, orderId, apiUrl);
  return docs
    .filter((d) => (!query.type || d.type === query.type) && (!query.issuedFrom || new Date(d.issued_at) >= query.issuedFrom))
    .map((d) => ({
      type: d.type,
      number: d.number,
      issued_at: d.issued_at,
      amount: d.amount,
      corrects: d.corrects,
      url: d.public_url,
    }));
}

export async function pdfByNumber(db: Db, number: string): Promise<{ pdf: Buffer; number: string }> {
  const doc = await repo.documentByNumber(db, number);
  if (!doc) throw new HttpError(404, "Document not found");
  return { pdf: await documentPdf(doc.snapshot), number: doc.number };
}

export async function pdfByToken(db: Db, token: string): Promise<{ pdf: Buffer; number: string }> {
  const doc = await repo.documentByToken(db, token);
  if (!doc) throw new HttpError(404, "Document not found");
  return { pdf: await documentPdf(doc.snapshot), number: doc.number };
}

/** The instant a London day starts. */
export function londonStart(day: string): Date {
  // Noon UTC is the same London day all year; step back to London midnight through its offset.
  const noon = new Date(`${day}T12:00:00Z`);
  const londonNoon = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(
    noon,
  );
  return new Date(noon.getTime() - Number(londonNoon) * 3_600_000);
}

/** From the start of London day `from` to the end of London day `to`. */
export function periodOf(from: string, to: string): { start: Date; end: Date } {
  const next = new Date(`${to}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: londonStart(from), end: londonStart(next.toISOString().slice(0, 10)) };
}

export async function exportCsv(
  db: Db,
  q: { format: ExportFormat; kind: ExportKind; from: string; to: string },
): Promise<string> {
  const { start, end } = periodOf(q.from, q.to);
  if (q.kind === "payments") return paymentsCsv(q.format, await repo.paymentsBetween(db, start, end));
  const docs: SalesDoc[] =
    q.kind === "invoices"
      ? (await repo.invoicesBetween(db, start, end)).map((i) => ({ ...i, credit: false }))
      : (await repo.creditNotesBetween(db, start, end)).map((c) => ({ ...c, credit: true }));
  return salesCsv(q.format, docs);
}

export async function vatPeriods(db: Db): Promise<VatPeriod[]> {
  return (await repo.listVatPeriods(db)).map((p) => ({
    starts_on: p.startsOn,
    vat_number: p.vatNumber,
    rate_percent: Number(p.ratePercent),
  }));
}

/**
 * VAT from a date. A date on or before the last document already issued would change what those
 * documents should have said: refused (issued documents never change; decision 420).
 */
export async function setVatPeriod(
  db: Db,
  input: { starts_on: string; vat_number: string | null; rate_percent: number },
  now: Date,
): Promise<VatPeriod[]> {
  const last = await repo.lastIssuedAt(db);
  if (last && input.starts_on <= ukDate(last))
    throw new HttpError(
      409,
      `Documents are already issued on or after ${input.starts_on}: VAT can change from ${ukDate(new Date(Math.max(last.getTime(), now.getTime()) + 86_400_000))} at the earliest`,
    );
  await repo.upsertVatPeriod(db, { startsOn: input.starts_on, vatNumber: input.vat_number, ratePercent: input.rate_percent });
  return vatPeriods(db);
}
