/**
 * A booking's invoices and credit notes on its page (issue 34), in Chromium against the real API at
 * 1280 and 390 px: a paid booking shows its invoice; after a refund its credit note follows, citing
 * the invoice; each link opens the PDF with the office's session.
 */
import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Row = { id: number; booking_reference: string };
type Doc = { type: string; number: string; pdf_path: string; corrects: string | null };

describeAtWidths("booking documents", (width) => {
  test("the invoice and, after a refund, the credit note citing it, each as a PDF link", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const booking = await createPaidBooking(context.request, apiUrl, { lastName: `Documents${width}` });
    const rows = await getJson<Row[]>(`/api/bookings?status=all&q=${encodeURIComponent(booking.bookingReference)}`);
    const id = rows.find((r) => r.booking_reference === booking.bookingReference)!.id;

    await navigate(`/booking/${id}`);
    const section = page.getByRole("region", { name: /^Invoices and credit notes/ });
    await section.getByRole("heading", { name: "Invoices and credit notes (1)" }).waitFor();
    const [invoice] = await getJson<Doc[]>(`/api/bookings/${id}/documents`);
    const invoiceLink = section.getByRole("link", { name: `Invoice ${invoice!.number} (PDF)` });
    expect(await invoiceLink.getAttribute("href")).toBe(`${apiUrl}${invoice!.pdf_path}`);

    const refund = await context.request.post(`${apiUrl}/api/bookings/${id}/refund`, {
      data: { amount: 10, idempotency_key: `documents-${width}-${Date.now()}` },
      headers: { Origin: adminUrl },
    });
    expect(refund.status()).toBe(200);
    await page.reload();
    await section.getByRole("heading", { name: "Invoices and credit notes (2)" }).waitFor();
    const credit = (await getJson<Doc[]>(`/api/bookings/${id}/documents`)).find((d) => d.type === "credit_note")!;
    expect(credit.corrects).toBe(invoice!.number);
    await section.getByRole("link", { name: `Credit note ${credit.number} (PDF)` }).waitFor();
    expect(await section.getByText(`corrects ${invoice!.number}`).count()).toBe(1);

    const pdf = await context.request.get(`${apiUrl}${credit.pdf_path}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");

    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await section.scrollIntoViewIfNeeded();
    await screenshot("booking-documents");
  }, 120_000);
});
