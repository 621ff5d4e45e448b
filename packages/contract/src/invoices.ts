/**
 * Invoices and credit notes (issued by the API at each payment and refund), VAT periods, the
 * accountant's exports, the payment provider's payouts and the money reports (issue 34).
 * Money is pounds with at most 2 decimals, dates 'YYYY-MM-DD' (UK).
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, IsoDate, MAX_INT, officeOnly, ownerOnly, TEXT_MAX } from "./common";

const PdfBody = c.otherResponse({ contentType: "application/pdf", body: c.type<string>() });
const CsvBody = c.otherResponse({ contentType: "text/csv", body: c.type<string>() });

export const FinanceDocumentSchema = z.object({
  type: z.enum(["invoice", "credit_note"]),
  number: z.string(),
  /** invoice: payment | booking (by invoice) | adjustment (price rise); credit note: refund | price_reduction. */
  kind: z.string(),
  issued_at: z.string(),
  amount: z.number(),
  vat: z.number(),
  /** For a credit note: the invoice it corrects. */
  corrects: z.string().nullable(),
  /** The PDF for the portal (admin session). */
  pdf_path: z.string(),
  /** The PDF's secret public link (the customer's mail). */
  public_url: z.string(),
});
export type FinanceDocument = z.infer<typeof FinanceDocumentSchema>;

/** A document as its customer sees it: on their booking's page, by its secret link. */
export const CustomerDocumentSchema = z.object({
  type: z.enum(["invoice", "credit_note"]),
  number: z.string(),
  issued_at: z.string(),
  amount: z.number(),
  /** For a credit note: the invoice it corrects. */
  corrects: z.string().nullable(),
  /** The PDF's secret link. */
  url: z.string(),
});
export type CustomerDocument = z.infer<typeof CustomerDocumentSchema>;

export const VatPeriodSchema = z.object({
  starts_on: z.string(),
  /** Null: not VAT registered from this date. */
  vat_number: z.string().nullable(),
  rate_percent: z.number(),
});
export type VatPeriod = z.infer<typeof VatPeriodSchema>;

export const VatPeriodInputSchema = z.object({
  starts_on: IsoDate,
  vat_number: z.string().trim().min(1).max(40).nullable(),
  rate_percent: z.number().min(0).max(100),
});

export const EXPORT_FORMATS = ["xero", "quickbooks", "plain"] as const;
export const EXPORT_KINDS = ["invoices", "credit_notes", "payments"] as const;

export const PeriodQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((q) => q.from <= q.to, { message: "The period ends before it starts", path: ["to"] });

export const ExportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    kind: z.enum(EXPORT_KINDS),
    from: IsoDate,
    to: IsoDate,
  })
  .refine((q) => q.from <= q.to, { message: "The period ends before it starts", path: ["to"] });

export const PayoutLineSchema = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string().nullable(),
  description: z.string().nullable(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  booking_id: z.number().nullable(),
  booking_reference: z.string().nullable(),
  matched: z.boolean(),
});

export const PayoutSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  arrival_date: z.string(),
  fees: z.number(),
  unmatched: z.number().int(),
  lines: z.array(PayoutLineSchema),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const MonthMoneySchema = z.object({ month: z.string(), received: z.number(), refunded: z.number(), net: z.number() });
export const CourseFillSchema = z.object({
  course: z.string(),
  dates: z.number().int(),
  places: z.number().int(),
  booked: z.number().int(),
  fill_percent: z.number(),
});
export const DateFillSchema = z.object({
  course: z.string(),
  start_date: z.string(),
  places: z.number().int(),
  booked: z.number().int(),
  fill_percent: z.number(),
});
export const OutstandingSchema = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  customer: z.string(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
  due_on: z.string().nullable(),
});
export const DiscountCostSchema = z.object({ code: z.string(), uses: z.number().int(), cost: z.number() });

export const ReportsSchema = z.object({
  from: z.string(),
  to: z.string(),
  money: z.array(MonthMoneySchema),
  courses: z.array(CourseFillSchema),
  dates: z.array(DateFillSchema),
  outstanding: z.array(OutstandingSchema),
  discounts: z.array(DiscountCostSchema),
});
export type Reports = z.infer<typeof ReportsSchema>;
export const REPORT_NAMES = ["money", "courses", "dates", "outstanding", "discounts"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const invoicesContract = c.router({
  ofBooking: {
    method: "GET",
    path: "/bookings/:id/documents",
    pathParams: z.object({ id: z.coerce.number().int().positive().max(MAX_INT) }),
    responses: { 200: z.array(FinanceDocumentSchema), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The booking's invoices and credit notes, oldest first",
  },
  pdf: {
    method: "GET",
    path: "/documents/:number/pdf",
    pathParams: z.object({ number: z.string().regex(/^(INV|CN)-\d{4}-\d{5,}$/, "Not a document number") }),
    responses: { 200: PdfBody, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "An invoice or credit note as PDF (as issued)",
  },
  publicPdf: {
    method: "GET",
    path: "/documents/by-link/:token",
    pathParams: z.object({ token: z.string().min(16).max(TEXT_MAX.reference) }),
    responses: { 200: PdfBody, 404: ErrorSchema },
    summary: "An invoice or credit note as PDF by its secret link (the customer's mail)",
  },
  vatPeriods: {
    method: "GET",
    path: "/vat-periods",
    responses: { 200: z.array(VatPeriodSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "VAT registration by start date (documents use the period in force on their date)",
  },
  setVatPeriod: {
    method: "PUT",
    path: "/vat-periods",
    body: VatPeriodInputSchema,
    responses: { 200: z.array(VatPeriodSchema), 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "VAT from a date (number and rate, or not registered); dates already invoiced cannot change",
  },
  export: {
    method: "GET",
    path: "/finance/export.csv",
    query: ExportQuery,
    responses: { 200: CsvBody, ...adminResponses },
    metadata: officeOnly,
    summary: "Sales invoices, credit notes or payments of a period as CSV for Xero, QuickBooks Online or plain",
  },
  payouts: {
    method: "GET",
    path: "/payouts",
    responses: { 200: z.array(PayoutSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "The payment provider's payouts, what each contains and what did not match a booking",
  },
  syncPayouts: {
    method: "POST",
    path: "/payouts/sync",
    body: c.noBody(),
    responses: { 200: z.array(PayoutSchema), 409: ErrorSchema, 502: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Fetches payouts and their balance transactions from the payment provider and matches them",
  },
  reports: {
    method: "GET",
    path: "/reports",
    query: PeriodQuery,
    responses: { 200: ReportsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Money per month, fill rates, outstanding balances and discount costs for a period",
  },
  reportCsv: {
    method: "GET",
    path: "/reports/:name/csv",
    pathParams: z.object({ name: z.enum(REPORT_NAMES) }),
    query: PeriodQuery,
    responses: { 200: CsvBody, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "One report of a period as CSV",
  },
});
