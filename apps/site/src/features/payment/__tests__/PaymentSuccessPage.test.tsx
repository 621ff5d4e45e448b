// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteConfigProvider } from "../../../config/site";
import { testConfig } from "../../../__tests__/render";
import PaymentSuccessPage, { PAYMENT_SUCCESS_TEXT } from "../PaymentSuccessPage";
import { STATUS_POLL_ATTEMPTS, STATUS_POLL_INTERVAL_MS } from "../useOrderPaymentStatus";

type Answer = { status?: number; body: unknown };

function stubStatus(answers: Answer[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const a = answers.length > 1 ? answers.shift()! : answers[0]!;
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { "content-type": "application/json" } });
    }),
  );
  return urls;
}

const order = (status: string, extra: object = {}) => ({
  body: { reference: "BK-7Q2X", booking_reference: "ACDE-2346", status, total: 270, amount_paid: null, paid_at: null, ...extra },
});

function mount(path: string) {
  render(
    <SiteConfigProvider config={testConfig}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/payment/success" element={<PaymentSuccessPage />} />
        </Routes>
      </MemoryRouter>
    </SiteConfigProvider>,
  );
}

/** Lets the pending fetch promises settle under fake timers. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("payment success page", () => {
  it("never claims a payment without a known paid order (no reference in the address)", () => {
    const urls = stubStatus([order("paid")]);
    mount("/payment/success");
    expect(screen.queryByRole("heading", { name: "Payment Successful!" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Payment status unknown" })).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it("asks the API for the order and shows the paid amount", async () => {
    const urls = stubStatus([
      order("paid", {
        amount_paid: 243,
        paid_at: "2030-01-01T10:00:00Z",
        courses: [
          {
            title: "SIA Door Supervisor Course",
            date_label: "7 - 12th Dec 2026",
            start_date: "2026-12-07",
            end_date: "2026-12-12",
            time: "9 am - 6pm",
            add_ons: [],
          },
        ],
      }),
    ]);
    window.localStorage.setItem("cart:pending", JSON.stringify({ reference: "BK-7Q2X", items: [] }));
    mount("/payment/success?order=BK-7Q2X&session_id=cs_test_123");
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(screen.getByText(PAYMENT_SUCCESS_TEXT)).toBeTruthy();
    expect(screen.getByText("£243.00")).toBeTruthy();
    expect(screen.getByText("ACDE-2346")).toBeTruthy();
    expect(screen.queryByText("BK-7Q2X")).toBeNull();
    expect(screen.getByText("Mon 7 – Sat 12 Dec 2026")).toBeTruthy();
    expect(screen.getByText("9 am - 6pm each day")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toMatch(
      /\/api\/orders\/BK-7Q2X\/calendar\.ics$/,
    );
    // Office booking tools: the receipt/invoice PDF by the order's secret reference, once paid.
    expect(screen.getByRole("link", { name: "Download receipt (PDF)" }).getAttribute("href")).toMatch(
      /\/api\/orders\/BK-7Q2X\/receipt\.pdf$/,
    );
    expect(screen.getByRole("link", { name: /Open the map/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    expect(screen.getByRole("heading", { name: "What to bring" })).toBeTruthy();
    expect(urls).toEqual([expect.stringMatching(/\/api\/orders\/BK-7Q2X\/status$/)]);
    expect(window.localStorage.getItem("cart:pending")).toBeNull();
  });

  it("says plainly that the payment is being confirmed, and updates when the confirmation arrives", async () => {
    vi.useFakeTimers();
    stubStatus([order("pending"), order("pending"), order("paid", { amount_paid: 270 })]);
    mount("/payment/success?order=BK-7Q2X");
    await flush();
    expect(screen.getByRole("heading", { name: "We're confirming your payment" })).toBeTruthy();
    expect(screen.queryByText("Payment Successful!")).toBeNull();
    // No receipt before the payment is confirmed.
    expect(screen.queryByRole("link", { name: "Download receipt (PDF)" })).toBeNull();
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    await flush();
    expect(screen.getByRole("heading", { name: "We're confirming your payment" })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    await flush();
    expect(screen.getByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(screen.getByText("£270.00")).toBeTruthy();
  });

  it("stops asking after a few tries and offers to check again", async () => {
    vi.useFakeTimers();
    const urls = stubStatus([order("pending")]);
    mount("/payment/success?order=BK-7Q2X");
    for (let i = 0; i < STATUS_POLL_ATTEMPTS + 3; i++) {
      await flush();
      await act(async () => vi.advanceTimersByTime(STATUS_POLL_INTERVAL_MS));
    }
    await flush();
    expect(urls).toHaveLength(STATUS_POLL_ATTEMPTS);
    expect(screen.getByText(/still being confirmed/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it.each([
    ["expired", "This booking has expired"],
    ["cancelled", "This booking was cancelled"],
  ])("says plainly when the order is %s", async (status, heading) => {
    stubStatus([order(status)]);
    mount("/payment/success?order=BK-7Q2X");
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    expect(screen.queryByText("Payment Successful!")).toBeNull();
  });

  it("also takes the reference under the name 'reference'", async () => {
    const urls = stubStatus([order("paid", { amount_paid: 270 })]);
    mount("/payment/success?reference=BK-7Q2X");
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(urls).toEqual([expect.stringMatching(/\/api\/orders\/BK-7Q2X\/status$/)]);
  });

  it("says when the reference is unknown", async () => {
    stubStatus([{ status: 404, body: { message: "Order not found" } }]);
    mount("/payment/success?order=NOPE");
    expect(await screen.findByRole("heading", { name: "Booking not found" })).toBeTruthy();
  });
});
