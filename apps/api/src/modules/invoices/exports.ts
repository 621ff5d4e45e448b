/**
 * The accountant's files for a period (decision 425): sales invoices, credit notes and payments as
 * CSV in Xero's and QuickBooks Online's import formats and as a plain CSV. Amounts in pounds with
 * two decimals, dates DD/MM/YYYY (London), references and phone numbers kept as text.
 */
import type { DocumentSnapshot } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import { csvCell, phoneCell } from "../../lib/csv-cells";

export type ExportFormat = "xero" | "quickbooks" | "plain";
export type ExportKind = "invoices" | "credit_notes" | "payments";

/** Xero's sales invoice import template (Business › Invoices › Import); credit notes are the same file with negative amounts. */
export const XERO_SALES_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** Xero's bank statement import (precoded CSV) for payments received. */
export const XERO_PAYMENT_COLUMNS = ["*Date", "*Amount", "Payee", "Description", "Reference", "Check Number"] as const;

/** QuickBooks Online's invoice import (sample file columns); credit notes as negative amounts. */
export const QUICKBOOKS_SALES_COLUMNS = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
  "Service Date",
] as const;

/** QuickBooks Online's bank transactions upload (the three-column layout). */
export const QUICKBOOKS_PAYMENT_COLUMNS = ["Date", "Description", "Amount"] as const;

export const PLAIN_SALES_COLUMNS = [
  "Type",
  "Number",
  "Date",
  "Due date",
  "Corrects",
  "Booking reference",
  "Customer",
  "Company",
  "Email",
  "Purchase order",
  "Description",
  "Net",
  "VAT",
  "Gross",
  "VAT rate",
  "Payment method",
] as const;

export const PLAIN_PAYMENT_COLUMNS = [
  "Date",
  "Booking reference",
  "Invoice",
  "Customer",
  "Kind",
  "Method",
  "Provider",
  "Provider reference",
  "Amount",
] as const;

/** Xero's UK default sales account (200, Sales). */
export const SALES_ACCOUNT_CODE = "200";

export type SalesDoc = {
  number: string;
  issuedAt: Date;
  amountPence: number;
  vatPence: number;
  snapshot: DocumentSnapshot;
  credit: boolean;
};

export type PaymentLine = {
  received_at: Date;
  amount_pence: number;
  method: string;
  provider: string;
  provider_ref: string | null;
  kind: string;
  booking_ref: string;
  invoice_number: string | null;
  buyer: string | null;
};

/** 12.5 → '12.50'; negative for credits. */
export const pounds = (pence: number) => (pence / 100).toFixed(2);
/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const ukDay = (iso: string) => iso.split("-").reverse().join("/");
const dayOf = (at: Date) => ukDay(ukDate(at));
/** A reference that a spreadsheet could read as a number or date: kept as typed text. */
const textCell = (value: string | null | undefined) => (value ? phoneCell(value) : "");

const dueOf = (d: SalesDoc) => (d.snapshot.dueOn ? ukDay(d.snapshot.dueOn) : dayOf(d.issuedAt));
const describe = (d: SalesDoc) => {
  const courses = d.snapshot.lines.map((l) => l.description).join("; ");
  const what = d.credit ? `Credit note for ${d.snapshot.corrects?.number ?? "invoice"}` : d.snapshot.amountLabel;
  return `${what}: ${courses} (booking ${d.snapshot.bookingRef})`;
};
const contactOf = (d: SalesDoc) => d.snapshot.buyer.company || d.snapshot.buyer.name;
const signed = (d: SalesDoc, pence: number) => (d.credit ? -pence : pence);

function toCsv(header: readonly string[], rows: string[][]): string {
  return [header.map((h) => csvCell(h)).join(","), ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n";
}

export function salesCsv(format: ExportFormat, docs: SalesDoc[]): string {
  if (format === "xero")
    return toCsv(
      XERO_SALES_COLUMNS,
      docs.map((d) => [
        csvCell(contactOf(d)),
        csvCell(d.snapshot.buyer.email),
        csvCell(d.snapshot.buyer.address),
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        csvCell(d.number),
        textCell(d.snapshot.buyer.purchaseOrder ?? d.snapshot.bookingRef),
        dayOf(d.issuedAt),
        dueOf(d),
        "",
        csvCell(describe(d)),
        "1",
        pounds(signed(d, d.amountPence)),
        "",
        SALES_ACCOUNT_CODE,
        d.snapshot.vat ? `${d.snapshot.vat.ratePercent}% (VAT on Income)` : "No VAT",
        "",
        "",
        "",
        "",
        "GBP",
        "",
      ]),
    );
  if (format === "quickbooks")
    return toCsv(
      QUICKBOOKS_SALES_COLUMNS,
      docs.map((d) => [
        csvCell(d.number),
        csvCell(contactOf(d)),
        dayOf(d.issuedAt),
        dueOf(d),
        "",
        "",
        textCell(d.snapshot.buyer.purchaseOrder ? `PO ${d.snapshot.buyer.purchaseOrder}` : d.snapshot.bookingRef),
        "Training",
        csvCell(describe(d)),
        "1",
        pounds(signed(d, d.amountPence)),
        pounds(signed(d, d.amountPence)),
        d.snapshot.vat ? `${d.snapshot.vat.ratePercent}.0% S` : "No VAT",
        pounds(signed(d, d.vatPence)),
        "GBP",
        dayOf(d.issuedAt),
      ]),
    );
  return toCsv(
    PLAIN_SALES_COLUMNS,
    docs.map((d) => [
      d.credit ? "Credit note" : "Invoice",
      csvCell(d.number),
      dayOf(d.issuedAt),
      d.credit ? "" : dueOf(d),
      csvCell(d.snapshot.corrects?.number ?? ""),
      textCell(d.snapshot.bookingRef),
      csvCell(d.snapshot.buyer.name),
      csvCell(d.snapshot.buyer.company ?? ""),
      csvCell(d.snapshot.buyer.email),
      textCell(d.snapshot.buyer.purchaseOrder),
      csvCell(describe(d)),
      pounds(signed(d, d.amountPence - d.vatPence)),
      pounds(signed(d, d.vatPence)),
      pounds(signed(d, d.amountPence)),
      d.snapshot.vat ? `${d.snapshot.vat.ratePercent}%` : "",
      csvCell(d.snapshot.paymentMethod ?? ""),
    ]),
  );
}

export function paymentsCsv(format: ExportFormat, lines: PaymentLine[]): string {
  const about = (p: PaymentLine) =>
    `Booking ${p.booking_ref}${p.invoice_number ? `, invoice ${p.invoice_number}` : ""} (${p.method.replace("_", " ")})`;
  if (format === "xero")
    return toCsv(
      XERO_PAYMENT_COLUMNS,
      lines.map((p) => [
        dayOf(p.received_at),
        pounds(p.amount_pence),
        csvCell(p.buyer ?? ""),
        csvCell(about(p)),
        textCell(p.invoice_number ?? p.booking_ref),
        "",
      ]),
    );
  if (format === "quickbooks")
    return toCsv(
      QUICKBOOKS_PAYMENT_COLUMNS,
      lines.map((p) => [dayOf(p.received_at), csvCell(`${p.buyer ?? ""}: ${about(p)}`), pounds(p.amount_pence)]),
    );
  return toCsv(
    PLAIN_PAYMENT_COLUMNS,
    lines.map((p) => [
      dayOf(p.received_at),
      textCell(p.booking_ref),
      csvCell(p.invoice_number ?? ""),
      csvCell(p.buyer ?? ""),
      csvCell(p.kind),
      csvCell(p.method),
      csvCell(p.provider),
      textCell(p.provider_ref),
      pounds(p.amount_pence),
    ]),
  );
}
