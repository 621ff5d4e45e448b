import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { CartButton, EMPTY_CART_MESSAGE } from "../components/layout/CartButton";
import { CART_STORAGE_KEY } from "../stores/cart";
import type { CartItem } from "../stores/cart";
import { renderWithSite } from "./render";

const item = (id: number, pricePence: number): CartItem => ({
  id,
  slug: `course-${id}`,
  title: `Course ${id}`,
  pricePence,
  image: null,
  selectedDateId: 10 + id,
  selectedDate: "12 - 14th Mar 2025",
  selectedAddons: [],
});

describe("CartButton", () => {
  beforeEach(() => window.localStorage.clear());

  it("with an empty cart shows the info toast 'Your cart is empty!' and stays", async () => {
    const { router } = renderWithSite(<CartButton />);
    const button = await screen.findByRole("button", { name: /^Cart:\s*0\s*items,\s*£0\.00$/ });
    fireEvent.click(button);
    const status = screen.getByRole("status");
    expect(status.textContent).toContain(EMPTY_CART_MESSAGE);
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the count and total of the stored cart and goes to /cart", async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([item(1, 25000), item(2, 13000)]));
    const { router } = renderWithSite(<CartButton />);
    const button = await screen.findByRole("button", { name: /^Cart:\s*2\s*items,\s*£380\.00$/ });
    expect(screen.getByTestId("cart-count").textContent).toBe("2");
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
  });
});
