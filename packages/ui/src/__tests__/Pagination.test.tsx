import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Pagination, pageWindow } from "../index";

describe("pageWindow", () => {
  it("slides a window of 5 pages around the current page", () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(9, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  });

  it("shows every page when there are fewer than the window", () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 5)).toEqual([1]);
  });

  it("handles other sizes, no pages and out-of-range pages", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, 4)).toEqual([3, 4, 5, 6]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
    expect(pageWindow(0, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe("Pagination", () => {
  it("marks the current page and moves with previous, next and numbers", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={1} totalPages={8} onPageChange={onPageChange} />);
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBeNull();
    expect(screen.queryByRole("button", { name: "Page 6" })).toBeNull();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole("button", { name: "Page 4" }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it("disables Next on the last page", () => {
    render(<Pagination page={8} totalPages={8} onPageChange={() => {}} />);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole("button", { name: /^Page / }).map((b) => b.textContent)).toEqual(["4", "5", "6", "7", "8"]);
  });
});
