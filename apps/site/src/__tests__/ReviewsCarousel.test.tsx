import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REVIEWS } from "../content/reviews";
import { ReviewsCarousel, REVIEWS_AUTO_ADVANCE_MS } from "../components/widgets/ReviewsCarousel";
import { mockMatchMedia, renderWithSite } from "./render";

const shownNames = () =>
  within(screen.getByTestId("reviews-track"))
    .getAllByRole("group")
    .map((g) => g.querySelector(".review-card__name")?.textContent);

describe("ReviewsCarousel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has the 11 reviews of the spec", () => {
    expect(REVIEWS).toHaveLength(11);
  });

  describe("on a desktop", () => {
    beforeEach(() => mockMatchMedia(() => false));

    it("shows 3 reviews per page, 4 pages, and wraps around both ways", () => {
      renderWithSite(<ReviewsCarousel reviews={REVIEWS} />);
      expect(shownNames()).toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
      expect(screen.getAllByRole("button", { name: /Show reviews page/ })).toHaveLength(4);
      fireEvent.click(screen.getByRole("button", { name: "Previous reviews" }));
      expect(shownNames()).toEqual(REVIEWS.slice(9).map((r) => r.name));
      fireEvent.click(screen.getByRole("button", { name: "Next reviews" }));
      expect(shownNames()).toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
    });

    it("does not move on by itself and has no pause control", () => {
      vi.useFakeTimers();
      renderWithSite(<ReviewsCarousel reviews={REVIEWS} />);
      void act(() => vi.advanceTimersByTime(REVIEWS_AUTO_ADVANCE_MS * 3));
      expect(shownNames()[0]).toBe(REVIEWS[0]!.name);
      expect(screen.queryByRole("button", { name: /Pause automatic/ })).toBeNull();
    });
  });

  describe("on a phone", () => {
    beforeEach(() => mockMatchMedia((q) => q.includes("max-width")));

    it("shows one review and advances every 7 seconds until paused", () => {
      vi.useFakeTimers();
      renderWithSite(<ReviewsCarousel reviews={REVIEWS} />);
      expect(shownNames()).toEqual([REVIEWS[0]!.name]);
      void act(() => vi.advanceTimersByTime(REVIEWS_AUTO_ADVANCE_MS - 1));
      expect(shownNames()).toEqual([REVIEWS[0]!.name]);
      void act(() => vi.advanceTimersByTime(1));
      expect(shownNames()).toEqual([REVIEWS[1]!.name]);

      fireEvent.click(screen.getByRole("button", { name: "Pause automatic scrolling of reviews" }));
      // Clicking moved focus into the carousel; leave it so only the pause button holds it still.
      fireEvent.blur(screen.getByRole("button", { name: "Play automatic scrolling of reviews" }), {
        relatedTarget: document.body,
      });
      void act(() => vi.advanceTimersByTime(REVIEWS_AUTO_ADVANCE_MS * 2));
      expect(shownNames()).toEqual([REVIEWS[1]!.name]);

      fireEvent.click(screen.getByRole("button", { name: "Play automatic scrolling of reviews" }));
      fireEvent.blur(screen.getByRole("button", { name: "Pause automatic scrolling of reviews" }), {
        relatedTarget: document.body,
      });
      void act(() => vi.advanceTimersByTime(REVIEWS_AUTO_ADVANCE_MS));
      expect(shownNames()).toEqual([REVIEWS[2]!.name]);
    });

    it("moves on a horizontal swipe over 50px, not a shorter one, and wraps", () => {
      renderWithSite(<ReviewsCarousel reviews={REVIEWS} />);
      const viewport = screen.getByTestId("reviews-track").parentElement!;
      const swipe = (from: number, to: number) => {
        fireEvent.touchStart(viewport, { touches: [{ clientX: from }] });
        fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: to }] });
      };
      swipe(200, 160);
      expect(shownNames()).toEqual([REVIEWS[0]!.name]);
      swipe(200, 120);
      expect(shownNames()).toEqual([REVIEWS[1]!.name]);
      swipe(100, 200);
      swipe(100, 200);
      expect(shownNames()).toEqual([REVIEWS[10]!.name]);
    });
  });
});
