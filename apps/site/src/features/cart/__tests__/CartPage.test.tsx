// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { ToastProvider } from "@app/ui";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CartPage from "../CartPage";
import { CART_STORAGE_KEY, CartProvider } from "../../../stores/cart";
import type { CartItem } from "../../../stores/cart";
import { leavePage } from "../links";
import { PENDING_CART_KEY } from "../pending-cart";
import { deferred, stubFetch, toasts } from "./helpers";

const door: CartItem = {
  id: 1,
  slug: "sia-door-supervisor-course",
  title: "SIA Door Supervisor Course",
  pricePence: 27000,
  image: null,
  selectedDateId: 11,
  selectedDate: "12 - 14th Mar 2030",
  selectedAddons: [{ id: 5, name: "Exam resit", pricePence: 2000 }],
};
const cctv: CartItem = {
  id: 2,
  slug: "cctv-operator-course",
  title: "CCTV Operator Course",
  pricePence: 25000,
  image: null,
  selectedDateId: 21,
  selectedDate: "2 - 4th Apr 2030",
  selectedAddons: [],
};

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function mount(path = "/cart", items: CartItem[] = [door, cctv]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  render(
    <ToastProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </CartProvider>
    </ToastProvider>,
  );
  return userEvent.setup();
}

const stored = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "null") as CartItem[];

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("First name*"), "Jane");
  await user.type(screen.getByLabelText("Last name*"), "Doe");
  await user.type(screen.getByLabelText("Phone Number*"), "07700 900123");
  await user.type(screen.getByLabelText("Email address*"), "jane@example.com");
  await user.type(screen.getByLabelText("Street address*"), "1 Example Street");
  await user.type(screen.getByLabelText("Town/City*"), "Bootle");
  await user.selectOptions(screen.getByLabelText("State*"), "England");
  await user.click(screen.getByLabelText("I agree to the booking terms*"));
}

beforeEach(() => {
  window.localStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
// Typing a whole form with user-event takes seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("cart page", () => {
  // Layout shift on hydration (docs/decisions/090): the server renders the loading state; only the
  // page wrapper may survive the swap (it does not move), everything inside must be new nodes.
  it.each([
    ["an empty cart", [], "Your Cart is Empty"],
    ["a filled cart", [door, cctv], "Your Cart Summary"],
  ])("swaps the server's loading state for %s without reusing anything but the page wrapper", async (_, items, heading) => {
    const tree = (
      <ToastProvider>
        <CartProvider>
          <MemoryRouter initialEntries={["/cart"]}>
            <CartPage />
          </MemoryRouter>
        </CartProvider>
      </ToastProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const page = container.querySelector(".cart-page");
    const loading = container.querySelector(".cart-loading");
    expect(page?.getAttribute("aria-busy")).toBe("true");
    // The first HTML has the page's heading, and a no-JavaScript state with ways to book anyway.
    expect(loading?.querySelector("h1")?.textContent).toBe("Your Cart");
    expect(loading?.querySelector("noscript")?.innerHTML).toContain("needs JavaScript");
    expect(loading?.querySelector("noscript")?.innerHTML).toContain('href="tel:');
    expect(loading?.querySelector(".ui-visually-hidden")?.textContent).toBe("Loading your cart");

    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    const root = await act(async () => hydrateRoot(container, tree));
    expect(within(container).getByRole("heading", { level: 1 }).textContent).toBe(heading);
    expect(container.querySelector(".cart-page")).toBe(page);
    expect(page?.hasAttribute("aria-busy")).toBe(false);
    expect(loading?.isConnected).toBe(false);
    act(() => root.unmount());
    container.remove();
  });

  it("shows the empty state with its two ways out", async () => {
    mount("/cart", []);
    expect(await screen.findByRole("heading", { name: "Your Cart is Empty" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse Courses" }).getAttribute("href")).toBe("/all-courses");
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });

  it("lists the courses with dates, add-ons and prices, and removes one", async () => {
    const user = mount();
    expect(await screen.findByRole("heading", { name: "Your Cart Summary" })).toBeTruthy();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getAllByRole("listitem").map((li) => li.textContent?.replace("›", "").trim())).toEqual([
      "Home",
      "Cart Summary",
    ]);
    expect(screen.getByText("12 - 14th Mar 2030")).toBeTruthy();
    expect(screen.getByText(/Exam resit/)).toBeTruthy();
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("£520.00");
    expect(screen.getByRole("button", { name: "Proceed to Checkout (£520.00)" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove CCTV Operator Course from your cart" }));
    expect(screen.queryByText("CCTV Operator Course")).toBeNull();
    expect(screen.getByRole("button", { name: "Proceed to Checkout (£270.00)" })).toBeTruthy();
    expect(stored().map((i) => i.id)).toEqual([1]);
  });

  it("holds 'Proceed to Checkout' while a code is checked, then shows the discount and the new total", async () => {
    const answer = deferred<{ body: unknown }>();
    stubFetch(() => answer.promise);
    const user = mount();
    await user.type(await screen.findByLabelText("Discount code"), "SAVE10{Enter}");
    expect((screen.getByRole("button", { name: /Proceed to Checkout/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer.resolve({ body: { valid: true, message: "ok", discount: { percent_off: 10 } } }));
    await waitFor(() => expect(screen.getByText("Discount (SAVE10, 10% off)")).toBeTruthy());
    expect(screen.getByText("Discount (SAVE10, 10% off)").nextElementSibling?.textContent).toBe("-£52.00");
    expect(screen.getByText("Total").nextElementSibling?.textContent).toBe("£468.00");
    expect(screen.queryByLabelText("Discount code")).toBeNull();
    const proceed = screen.getByRole("button", { name: "Proceed to Checkout (£468.00)" }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(false);
  });

  it("goes to the checkout step and back through the breadcrumb", async () => {
    const user = mount();
    await user.click(await screen.findByRole("button", { name: /Proceed to Checkout/ }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Checkout");
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getAllByRole("listitem").map((li) => li.textContent?.replace("›", "").trim())).toEqual([
      "Home",
      "Cart Summary",
      "Cart Checkout",
    ]);
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    await user.click(crumbs.getByRole("link", { name: "Cart Summary" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your Cart Summary");
  });

  it("sends the spec's order payload, clears the cart and goes to the payment page", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const calls = stubFetch((url) =>
      url.includes("/discounts/validate/")
        ? { body: { valid: true, message: "ok", discount: { percent_off: 10 } } }
        : answer.promise,
    );
    const go = vi.spyOn(leavePage, "to").mockImplementation(() => undefined);
    const user = mount();
    await user.type(await screen.findByLabelText("Discount code"), "save10{Enter}");
    await screen.findByText("Discount (SAVE10, 10% off)");
    await user.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    await fillForm(user);
    await user.type(screen.getByLabelText("Order notes (optional)"), "Parking?");
    // Attendee changes: the postcode beside the spec's fields, checked as a UK one for the United Kingdom.
    await user.type(screen.getByLabelText("Postcode"), "L20 3AB");
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£468.00)" }));

    expect(await screen.findByRole("button", { name: /Loading\.\.\./ })).toBeTruthy();
    const enroll = calls.find((c) => c.url.endsWith("/api/enroll"));
    expect(enroll?.init?.method).toBe("POST");
    expect(JSON.parse(String(enroll?.init?.body))).toEqual({
      accept_terms: true,
      courses: [
        { id: 1, selectedDate: 11, selectedAddons: [5] },
        { id: 2, selectedDate: 21, selectedAddons: [] },
      ],
      guest_email: "jane@example.com",
      guest_name: "Jane",
      discount_code: "SAVE10",
      first_name: "Jane",
      last_name: "Doe",
      phone_number: "07700 900123",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      postcode: "L20 3AB",
      company_name: null,
      // Office booking tools and 15: the employer's purchase-order number and the unticked marketing box.
      purchase_order: null,
      building_type: null,
      order_notes: "Parking?",
      marketing_opt_in: false,
    });

    await act(async () =>
      answer.resolve({
        status: 201,
        body: {
          payment_link: "http://pay.example.com/p/ABC123",
          reference: "ABC123",
          total: 468,
          expires_at: "2030-01-01T00:30:00Z",
        },
      }),
    );
    await waitFor(() => expect(go).toHaveBeenCalledWith("http://pay.example.com/p/ABC123"));
    expect(toasts("success")).toEqual([expect.stringContaining("Redirecting to payment...")]);
    expect(stored()).toEqual([]);
    const pending = JSON.parse(window.localStorage.getItem(PENDING_CART_KEY) ?? "null");
    expect(pending).toMatchObject({ reference: "ABC123", discountCode: "SAVE10" });
    expect(pending.items.map((i: CartItem) => i.id)).toEqual([1, 2]);
  });

  it("says so when the order went through without a payment link", async () => {
    stubFetch(() => ({
      status: 201,
      body: { payment_link: "", reference: "internal-token-1", booking_reference: "NCDE-2346", total: 520, expires_at: "x" },
    }));
    const go = vi.spyOn(leavePage, "to").mockImplementation(() => undefined);
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() =>
      expect(toasts("info")).toEqual([expect.stringContaining("Enrollment completed, but no payment link received.")]),
    );
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByText("NCDE-2346")).toBeTruthy();
    expect(screen.queryByText("internal-token-1")).toBeNull();
  });

  it("shows 'Something went wrong. Please try again.' and keeps the cart when the API cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() => expect(toasts("error")).toEqual([expect.stringContaining("Something went wrong. Please try again.")]));
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
    expect((screen.getByRole("button", { name: /Proceed to Payment/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says what the API said when the payment page could not be opened (503), beside the form, and keeps the cart", async () => {
    const message = "We could not open the payment page. Please try again in a few minutes.";
    stubFetch(() => ({ status: 503, body: { message, retry_after: 120 }, headers: { "retry-after": "120" } }));
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() => expect(toasts("error")).toEqual([expect.stringContaining(message)]));
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
    expect((screen.getByRole("button", { name: /Proceed to Payment/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says when to try again after a 429, from its Retry-After", async () => {
    const message = "Too many new bookings from your connection. Please try again later.";
    stubFetch(() => ({ status: 429, body: { message }, headers: { "retry-after": "600" } }));
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toMatch(
        /^Too many new bookings from your connection\. Please try again later\. You can try again in 10 minutes \(at \d\d:\d\d\)\.$/,
      ),
    );
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
  });

  it("keeps the cart and links back to the course when a date filled up meanwhile", async () => {
    const message = "Sorry, 12 - 14th Mar 2030 of SIA Door Supervisor Course is fully booked. Please choose another date.";
    stubFetch(() => ({ status: 409, body: { message, issues: [{ path: "courses.0.selectedDate", message }] } }));
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() => expect(toasts("error")).toEqual([expect.stringContaining(message)]));
    const link = screen.getByRole("link", { name: "Choose another date for SIA Door Supervisor Course" });
    expect(link.getAttribute("href")).toBe("/course/sia-door-supervisor-course");
    expect(screen.queryByRole("link", { name: /Choose another date for CCTV/ })).toBeNull();
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
  });

  it("links the course named in a 'fully booked' answer without issues", async () => {
    const message = "Sorry, CCTV Operator Course on 2 - 4th Apr 2030 is fully booked. Please choose another date.";
    stubFetch(() => ({ status: 409, body: { message } }));
    const user = mount("/cart?step=checkout");
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() => expect(toasts("error")).toEqual([expect.stringContaining(message)]));
    expect(screen.getByRole("link", { name: "Choose another date for CCTV Operator Course" }).getAttribute("href")).toBe(
      "/course/cctv-operator-course",
    );
    expect(screen.queryByRole("link", { name: /Choose another date for SIA/ })).toBeNull();
    // 'or remove it' takes the course out so the rest can be booked.
    await user.click(screen.getByRole("button", { name: "remove it from your cart" }));
    expect(stored().map((i) => i.id)).toEqual([1]);
  });

  it("drops a code that ran out meanwhile and shows the code box again", async () => {
    stubFetch((url) =>
      url.includes("/validate/")
        ? { body: { valid: true, message: "ok", discount: { percent_off: 50 } } }
        : { status: 409, body: { message: "This discount code has reached its usage limit" } },
    );
    const user = mount();
    await user.type(await screen.findByLabelText("Discount code"), "FIRST50{Enter}");
    await screen.findByText("Discount (FIRST50, 50% off)");
    await user.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£260.00)" }));
    await waitFor(() =>
      expect(toasts("error")).toEqual([expect.stringContaining("This discount code has reached its usage limit")]),
    );
    expect(screen.queryByText(/Discount \(FIRST50/)).toBeNull();
    expect(screen.getByLabelText("Discount code")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Choose another date/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Proceed to Payment (£520.00)" })).toBeTruthy();
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
  });

  it("cancels the order once and gives the cart back, with its discount, after a cancelled payment", async () => {
    const calls = stubFetch((url) =>
      url.includes("/cancel")
        ? { body: { reference: "REF42", status: "cancelled", total: 468, amount_paid: null, paid_at: null } }
        : { body: { valid: true, message: "ok", discount: { percent_off: 10 } } },
    );
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF42", items: [door, cctv], discountCode: "SAVE10", savedAt: "2030-01-01T00:00:00Z" }),
    );
    mount("/cart?cancelled=REF42", []);
    expect(await screen.findByText(/Your payment was cancelled/)).toBeTruthy();
    await screen.findByText("Discount (SAVE10, 10% off)");
    expect(stored().map((i) => i.id)).toEqual([1, 2]);
    expect(calls.map((c) => `${c.init?.method ?? "GET"} ${c.url}`)).toEqual([
      expect.stringMatching(/^POST .*\/api\/orders\/REF42\/cancel$/),
      expect.stringMatching(/^GET .*\/api\/discounts\/validate\/SAVE10\?course_ids=1,2$/),
    ]);
    expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull();
    expect(screen.getByTestId("where").textContent).toBe("/cart");
  });

  it("shows the loading state while the cancel is answered, then the restored cart", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    stubFetch((url) => (url.includes("/cancel") ? answer.promise : { body: { valid: false, message: "x", discount: null } }));
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF43", items: [door], discountCode: null, savedAt: "" }),
    );
    mount("/cart?cancelled=REF43", []);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/cart"));
    expect(screen.getByText("Loading your cart")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your Cart is Empty" })).toBeNull();
    await act(async () =>
      answer.resolve({
        status: 200,
        body: { reference: "REF43", status: "cancelled", total: 270, amount_paid: null, paid_at: null },
      }),
    );
    expect(await screen.findByRole("heading", { name: "Your Cart Summary" })).toBeTruthy();
    expect(
      screen.getByText("Your payment was cancelled and you have not been charged. Your cart is as you left it."),
    ).toBeTruthy();
  });

  it.each([
    [
      "an order that had run out already",
      { status: 200, body: { reference: "REF44", status: "expired", total: 270, amount_paid: null, paid_at: null } },
    ],
    ["a refused call (rate limit)", { status: 429, body: { message: "Too many requests. Please try again later." } }],
    ["a server fault", { status: 500, body: { message: "Internal Server Error" } }],
  ])("gives the cart back after %s", async (_, reply) => {
    const calls = stubFetch(() => reply);
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF44", items: [door], discountCode: null, savedAt: "" }),
    );
    mount("/cart?cancelled=REF44", [cctv]);
    expect(
      await screen.findByText("Your payment was cancelled and you have not been charged. Your cart is as you left it."),
    ).toBeTruthy();
    expect(stored().map((i) => i.id)).toEqual([2, 1]);
    expect(calls).toHaveLength(1);
    expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull();
  });

  it("says plainly that the order was paid, and restores nothing, when the payment went through after all", async () => {
    stubFetch(() => ({ status: 409, body: { message: "This order has already been paid." } }));
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF45", items: [door, cctv], discountCode: "SAVE10", savedAt: "" }),
    );
    mount("/cart?cancelled=REF45", []);
    expect(await screen.findByText(/This order has already been paid\./)).toBeTruthy();
    expect(screen.queryByText(/Your payment was cancelled/)).toBeNull();
    expect(screen.getByRole("heading", { name: "Your Cart is Empty" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your booking" }).getAttribute("href")).toBe("/payment/success?order=REF45");
    expect(stored()).toEqual([]);
    expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull();
  });

  it("cancels the order named in the address even without a saved copy", async () => {
    const calls = stubFetch(() => ({
      body: { reference: "REF46", status: "cancelled", total: 250, amount_paid: null, paid_at: null },
    }));
    mount("/cart?cancelled=REF46", []);
    expect(await screen.findByText("Your payment was cancelled and you have not been charged.")).toBeTruthy();
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual([
      expect.stringMatching(/^POST .*\/api\/orders\/REF46\/cancel$/),
    ]);
  });

  it("gives the cart back when the last order was never paid, even without a reference in the address", async () => {
    const calls = stubFetch((url) =>
      url.includes("/orders/")
        ? { body: { reference: "REF7", status: "expired", total: 270, amount_paid: null, paid_at: null } }
        : { body: { valid: false, message: "This discount code has expired", discount: null } },
    );
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF7", items: [door], discountCode: "OLD", savedAt: "" }),
    );
    mount("/cart", [cctv]);
    expect(
      await screen.findByText(
        /Your last payment was not completed and you have not been charged\. Your cart is as you left it\./,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(stored().map((i) => i.id)).toEqual([2, 1]));
    expect(calls.map((c) => c.url)).toEqual([
      expect.stringMatching(/\/api\/orders\/REF7\/status$/),
      expect.stringMatching(/validate\/OLD\?course_ids=2,1$/),
    ]);
    // The code ran out meanwhile: no discount is shown and the code box stays.
    expect(screen.getByLabelText("Discount code")).toBeTruthy();
    expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull();
  });

  it("forgets the copy of a paid order and leaves the cart alone", async () => {
    stubFetch(() => ({
      body: { reference: "REF8", status: "paid", total: 270, amount_paid: 270, paid_at: "2030-01-01T00:00:00Z" },
    }));
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({ reference: "REF8", items: [door], discountCode: null, savedAt: "" }),
    );
    mount("/cart", []);
    await waitFor(() => expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull());
    expect(screen.getByRole("heading", { name: "Your Cart is Empty" })).toBeTruthy();
    expect(stored()).toEqual([]);
  });

  it("offers to continue paying an order that still waits for payment", async () => {
    stubFetch(() => ({ body: { reference: "REF9", status: "pending", total: 270, amount_paid: null, paid_at: null } }));
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify({
        reference: "REF9",
        items: [door],
        discountCode: null,
        paymentLink: "http://127.0.0.1:3999/api/payments/local/REF9",
        savedAt: "",
      }),
    );
    mount("/cart", []);
    const link = await screen.findByRole("link", { name: "Continue to payment" });
    expect(link.getAttribute("href")).toBe("http://127.0.0.1:3999/api/payments/local/REF9");
    expect(stored()).toEqual([]);
    expect(window.localStorage.getItem(PENDING_CART_KEY)).not.toBeNull();
  });
});

describe("group and employer bookings", () => {
  const group: CartItem = { ...door, quantity: 3, maxPlaces: 5 };

  it("prices a line as one place × places and changes the places on the summary", async () => {
    const user = mount("/cart", [group, cctv]);
    await screen.findByRole("heading", { name: "Your Cart Summary" });
    // 3 × £270.00 + £250.00
    expect(screen.getByText("3 × £270.00")).toBeTruthy();
    expect(screen.getByText("£810.00")).toBeTruthy();
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("£1,060.00");
    const places = screen.getByLabelText("Places on SIA Door Supervisor Course") as HTMLSelectElement;
    // 1 up to the places left when it was added (5 here), never more than 10.
    expect(Array.from(places.options).map((o) => o.value)).toEqual(["1", "2", "3", "4", "5"]);
    await user.selectOptions(places, "5");
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("£1,600.00");
    expect(stored()[0]?.quantity).toBe(5);
  });

  it("asks again with the cart's courses when a course-limited code's courses leave the cart, and shows the API's refusal", async () => {
    const NOT_FOR_CART = "This discount code does not apply to the courses in your cart";
    const calls = stubFetch((url) =>
      url.includes("course_ids=1,2")
        ? { body: { valid: true, message: "ok", discount: { percent_off: 10, amount_off: null, course_ids: [1] } } }
        : { body: { valid: false, message: NOT_FOR_CART, discount: null } },
    );
    const user = mount();
    await user.type(await screen.findByLabelText("Discount code"), "DOOR10{Enter}");
    // 10 % of the door line only (£270.00), as the API charges it.
    expect((await screen.findByText("Discount (DOOR10, 10% off)")).nextElementSibling?.textContent).toBe("-£27.00");
    await user.click(screen.getByRole("button", { name: "Remove SIA Door Supervisor Course from your cart" }));
    await waitFor(() => expect(screen.queryByText("Discount (DOOR10, 10% off)")).toBeNull());
    expect(calls.at(-1)?.url).toMatch(/\/validate\/DOOR10\?course_ids=2$/);
    expect(await screen.findByText(NOT_FOR_CART)).toBeTruthy();
    expect(screen.getByText("Total").nextElementSibling?.textContent).toBe("£250.00");
  });

  it("applies a percentage per place and shows a fixed-amount code as '£X off'", async () => {
    stubFetch(() => ({ body: { valid: true, message: "ok", discount: { percent_off: 0, amount_off: 25 } } }));
    const user = mount("/cart", [group]);
    await user.type(await screen.findByLabelText("Discount code"), "TENNER{Enter}");
    await screen.findByText("Discount (TENNER, £25 off)");
    expect(screen.getByText("Discount (TENNER, £25 off)").nextElementSibling?.textContent).toBe("-£25.00");
    expect(screen.getByText("Total").nextElementSibling?.textContent).toBe("£785.00");
  });

  it("asks for each attendee's name, and sends places, attendees, company, purchase order and the opt-in", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const calls = stubFetch(() => answer.promise);
    vi.spyOn(leavePage, "to").mockImplementation(() => undefined);
    const user = mount("/cart?step=checkout", [{ ...door, quantity: 2, maxPlaces: 10 }, cctv]);
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    await user.type(screen.getByLabelText("Company name (optional)"), "Acme Security Ltd");
    await user.type(screen.getByLabelText("Purchase order number (optional)"), "PO-4411");
    const optIn = screen.getByLabelText(/Send me reminders about my licence renewal and new course dates/) as HTMLInputElement;
    expect(optIn.checked).toBe(false);

    // Attendee 1 is the buyer until they say someone else is attending (attendee changes).
    const course = within(screen.getByRole("group", { name: "SIA Door Supervisor Course: 2 places" }));
    const first = within(course.getByRole("group", { name: "Attendee 1" }));
    const second = within(course.getByRole("group", { name: "Attendee 2" }));
    expect((first.getByLabelText(/First name\*/) as HTMLInputElement).value).toBe("Jane");
    expect((first.getByLabelText(/Last name\*/) as HTMLInputElement).value).toBe("Doe");
    expect((first.getByLabelText(/Email \(optional\)/) as HTMLInputElement).value).toBe("jane@example.com");
    await user.click(course.getByLabelText("Someone else is attending instead of me"));
    expect((first.getByLabelText(/First name\*/) as HTMLInputElement).value).toBe("");

    // Names are required: the first missing one gets the focus, with the contract's words.
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    expect(document.activeElement).toBe(first.getByLabelText(/First name\*/));
    expect(screen.getAllByText("Attendee first name is required")).toHaveLength(2);
    expect(calls.some((c) => c.url.endsWith("/api/enroll"))).toBe(false);

    await user.type(first.getByLabelText(/First name\*/), "Sam");
    await user.type(first.getByLabelText(/Last name\*/), "Lee");
    await user.type(second.getByLabelText(/First name\*/), "Alex");
    await user.type(second.getByLabelText(/Last name\*/), "Khan");
    await user.type(second.getByLabelText(/Email \(optional\)/), "alex@example.com");
    await user.click(optIn);
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£790.00)" }));

    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/enroll"))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url.endsWith("/api/enroll"))?.init?.body));
    expect(body.courses).toEqual([
      {
        id: 1,
        selectedDate: 11,
        selectedAddons: [5],
        quantity: 2,
        attendees: [
          { first_name: "Sam", last_name: "Lee" },
          { first_name: "Alex", last_name: "Khan", email: "alex@example.com" },
        ],
      },
      { id: 2, selectedDate: 21, selectedAddons: [] },
    ]);
    expect(body).toMatchObject({ company_name: "Acme Security Ltd", purchase_order: "PO-4411", marketing_opt_in: true });
    await act(async () =>
      answer.resolve({
        status: 201,
        body: {
          payment_link: "http://pay.example.com/p/X",
          reference: "X",
          booking_reference: "ACDE-2346",
          total: 790,
          expires_at: "x",
        },
      }),
    );
  });

  it("shows the API's words for an attendee under that attendee's field", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        message: "Validation failed",
        issues: [{ path: "courses.0.attendees.1.email", message: "Attendee email is invalid" }],
      },
    }));
    const user = mount("/cart?step=checkout", [{ ...door, quantity: 2 }]);
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    const course = within(screen.getByRole("group", { name: "SIA Door Supervisor Course: 2 places" }));
    for (const [n, name] of [
      ["Attendee 1", "Sam"],
      ["Attendee 2", "Alex"],
    ] as const) {
      const place = within(course.getByRole("group", { name: n }));
      await user.type(place.getByLabelText(/First name\*/), name);
      await user.type(place.getByLabelText(/Last name\*/), "Doe");
    }
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    const email = within(course.getByRole("group", { name: "Attendee 2" })).getByLabelText(/Email \(optional\)/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Attendee email is invalid")).toBeTruthy();
  });

  it("books one place for someone else when 'Someone else is attending' is ticked, and for the buyer otherwise", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const calls = stubFetch(() => answer.promise);
    vi.spyOn(leavePage, "to").mockImplementation(() => undefined);
    const user = mount("/cart?step=checkout", [door, cctv]);
    await screen.findByRole("heading", { name: "Checkout" });
    await fillForm(user);
    const cctvGroup = within(screen.getByRole("group", { name: "CCTV Operator Course: 1 place" }));
    const someoneElse = cctvGroup.getByLabelText("Someone else is attending (not me)") as HTMLInputElement;
    expect(someoneElse.checked).toBe(false);
    expect(cctvGroup.queryByRole("group", { name: "Attendee 1" })).toBeNull();
    await user.click(someoneElse);
    const place = within(cctvGroup.getByRole("group", { name: "Attendee 1" }));
    await user.type(place.getByLabelText(/First name\*/), "Chris");
    await user.type(place.getByLabelText(/Last name\*/), "Park");
    await user.click(screen.getByRole("button", { name: /Proceed to Payment/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/enroll"))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url.endsWith("/api/enroll"))?.init?.body));
    expect(body.courses).toEqual([
      { id: 1, selectedDate: 11, selectedAddons: [5] },
      { id: 2, selectedDate: 21, selectedAddons: [], quantity: 1, attendees: [{ first_name: "Chris", last_name: "Park" }] },
    ]);
    await act(async () =>
      answer.resolve({
        status: 201,
        body: {
          payment_link: "http://pay.example.com/p/Y",
          reference: "Y",
          booking_reference: "ACDE-2347",
          total: 520,
          expires_at: "x",
        },
      }),
    );
  });
});
