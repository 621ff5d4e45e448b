// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CART_HINT_COOKIE,
  CART_STORAGE_KEY,
  CartProvider,
  hasCartHint,
  parseStoredCart,
  PENDING_CART_STORAGE_KEY,
  syncCartHint,
  useCart,
} from "../cart";
import type { CartApi, CartItem } from "../cart";

const doorSupervisor: CartItem = {
  id: 1,
  slug: "sia-door-supervisor-course",
  title: "SIA Door Supervisor Course",
  pricePence: 25000 + 1999,
  image: "/api/images/abc.webp",
  selectedDateId: 11,
  selectedDate: "12 - 14th Mar 2025",
  selectedAddons: [{ id: 5, name: "Emergency First Aid at Work", pricePence: 1999 }],
};
const cctv: CartItem = {
  id: 2,
  slug: "cctv-operator-course",
  title: "CCTV Operator Course",
  pricePence: 25000,
  image: null,
  selectedDateId: 21,
  selectedDate: "2 - 4th Apr 2025",
  selectedAddons: [],
};

let api: CartApi;
function Probe() {
  api = useCart();
  return (
    <p>
      {api.hydrated ? "ready" : "loading"} {api.count} items {api.totalPence}p
    </p>
  );
}
const mount = () =>
  render(
    <CartProvider>
      <Probe />
    </CartProvider>,
  );

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("cart store", () => {
  it("restores the cart saved under 'cart' after hydration", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([doorSupervisor, cctv]));
    mount();
    expect(screen.getByText(/ready 2 items 51999p/)).toBeTruthy();
    expect(api.items.map((i) => i.id)).toEqual([1, 2]);
  });

  it("renders an empty, not yet hydrated cart on the server without touching local storage", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([doorSupervisor]));
    const html = renderToString(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    expect(html).toContain("loading");
    expect(html).toContain("0<!-- --> items");
  });

  it.each([
    ["unreadable JSON", "{not json"],
    ["an object instead of a list", JSON.stringify({ id: 1 })],
    ["a number", "42"],
    ["the string null", "null"],
  ])("gives an empty cart for %s", (_name, raw) => {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
    mount();
    expect(screen.getByText(/ready 0 items 0p/)).toBeTruthy();
  });

  it("drops malformed entries and a repeated course from a stored list", () => {
    const broken = { ...cctv, id: 3, pricePence: "250" };
    const items = parseStoredCart(JSON.stringify([doorSupervisor, broken, { ...doorSupervisor, title: "again" }, cctv, null]));
    expect(items.map((i) => i.id)).toEqual([1, 2]);
    expect(items[0]?.title).toBe("SIA Door Supervisor Course");
  });

  it("does not add the same course twice", () => {
    mount();
    let first = false;
    let second = true;
    act(() => {
      first = api.add(doorSupervisor);
    });
    act(() => {
      second = api.add({ ...doorSupervisor, selectedDateId: 99, selectedDate: "another date" });
    });
    expect(first).toBe(true);
    expect(second).toBe(false);
    expect(api.count).toBe(1);
    expect(api.items[0]?.selectedDateId).toBe(11);
  });

  it("adds up the total in whole pence and saves every change", () => {
    mount();
    act(() => {
      api.add(doorSupervisor);
      api.add(cctv);
    });
    expect(api.totalPence).toBe(51999);
    expect(screen.getByText(/2 items 51999p/)).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toHaveLength(2);

    act(() => api.remove(1));
    expect(api.items.map((i) => i.id)).toEqual([2]);
    expect(api.totalPence).toBe(25000);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([cctv]);

    act(() => api.clear());
    expect(api.count).toBe(0);
    expect(api.totalPence).toBe(0);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBe("[]");
  });

  it("follows a change made in another tab", () => {
    mount();
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cctv]));
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue: JSON.stringify([cctv]) }));
    });
    expect(api.items.map((i) => i.id)).toEqual([2]);
  });

  it("refuses to be used outside its provider", () => {
    const spy = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Probe />)).toThrow("useCart must be used inside a CartProvider");
    } finally {
      console.error = spy;
    }
  });

  it("keeps a line's places between 1 and its maximum and counts every place in the total", () => {
    mount();
    act(() => void api.add({ ...cctv, quantity: 2, maxPlaces: 4 }));
    expect(api.totalPence).toBe(50000);
    expect(api.count).toBe(1);
    act(() => api.setQuantity(cctv.id, 9));
    expect(api.items[0]?.quantity).toBe(4);
    act(() => api.setQuantity(cctv.id, 0));
    expect(api.items[0]?.quantity).toBe(1);
    act(() => api.setQuantity(cctv.id, 3));
    expect(api.totalPence).toBe(75000);
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))[0]).toMatchObject({ quantity: 3, maxPlaces: 4 });
  });

  it("reads places from storage within the limits, and a line without them as one place", () => {
    const stored = [{ ...cctv, quantity: 50, maxPlaces: 40 }, doorSupervisor];
    const [group, single] = parseStoredCart(JSON.stringify(stored));
    expect(group).toMatchObject({ quantity: 10, maxPlaces: 10 });
    expect(single).toEqual(doorSupervisor);
    expect(parseStoredCart(JSON.stringify([{ ...cctv, quantity: 0 }]))[0]?.quantity).toBeUndefined();
  });
});

describe("cart flag cookie (decision 257)", () => {
  const flag = () => document.cookie.split("; ").find((c) => c.startsWith(`${CART_HINT_COOKIE}=`));
  afterEach(() => {
    document.cookie = `${CART_HINT_COOKIE}=; Max-Age=0; Path=/`;
  });

  it("reads the flag from a Cookie header among other cookies, and nothing else as the flag", () => {
    expect(hasCartHint("a=b; cart_held=1; c=d")).toBe(true);
    expect(hasCartHint("cart_held=1")).toBe(true);
    expect(hasCartHint("cart_held=0")).toBe(false);
    expect(hasCartHint("xcart_held=1")).toBe(false);
    expect(hasCartHint("")).toBe(false);
    expect(hasCartHint(null)).toBe(false);
  });

  it("is set while the cart or a held booking's copy is stored, and removed when neither is", () => {
    window.localStorage.clear();
    syncCartHint();
    expect(flag()).toBeUndefined();
    window.localStorage.setItem(PENDING_CART_STORAGE_KEY, JSON.stringify({ reference: "r" }));
    syncCartHint();
    expect(flag()).toBe(`${CART_HINT_COOKIE}=1`);
    window.localStorage.clear();
    syncCartHint();
    expect(flag()).toBeUndefined();
  });

  it("follows every change of the cart, and a stored cart on hydration", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([doorSupervisor]));
    mount();
    expect(flag()).toBe(`${CART_HINT_COOKIE}=1`);
    act(() => api.remove(doorSupervisor.id));
    expect(flag()).toBeUndefined();
    act(() => void api.add(cctv));
    expect(flag()).toBe(`${CART_HINT_COOKIE}=1`);
    act(() => api.clear());
    expect(flag()).toBeUndefined();
  });
});
