// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DocumentsSection } from "../DocumentsSection";

afterEach(cleanup);

const invoice = {
  type: "invoice" as const,
  number: "INV-2026-00042",
  issued_at: "2026-11-20T10:00:00.000Z",
  amount: 250,
  corrects: null,
  url: "https://api.example.com/api/documents/by-link/invoice-secret-token",
};
const credit = {
  type: "credit_note" as const,
  number: "CN-2026-00007",
  issued_at: "2026-11-24T15:30:00.000Z",
  amount: 25,
  corrects: "INV-2026-00042",
  url: "https://api.example.com/api/documents/by-link/credit-secret-token",
};

describe("the booking's invoices and credit notes", () => {
  it("links each document's PDF by its secret link, with its amount and date; a credit note names the invoice it corrects", () => {
    render(<DocumentsSection documents={[invoice, credit]} />);
    const section = screen.getByRole("region", { name: "Invoices and credit notes" });
    const links = within(section).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Invoice INV-2026-00042 (PDF)", invoice.url],
      ["Credit note CN-2026-00007 (PDF)", credit.url],
    ]);
    const items = within(section).getAllByRole("listitem");
    expect(items[0]!.textContent).toContain("£250.00 · 20th Nov 2026");
    expect(items[1]!.textContent).toContain("-£25.00 · 24th Nov 2026 · corrects INV-2026-00042");
  });

  it("shows nothing for a booking without documents (paid before invoices began, or not paid)", () => {
    const { container } = render(<DocumentsSection documents={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
