import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, ToastProvider, useToast } from "../index";
import type { ToastApi } from "../index";

function Capture({ onApi }: { onApi: (api: ToastApi) => void }) {
  onApi(useToast());
  return null;
}

function setup() {
  let api: ToastApi | undefined;
  render(
    <ToastProvider>
      <Capture onApi={(a) => (api = a)} />
    </ToastProvider>,
  );
  if (!api) throw new Error("no toast api");
  return api;
}

describe("Toasts", () => {
  it("lifetime is 4 seconds (spec §9)", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it("announces success and info toasts in a polite status region", () => {
    const toast = setup();
    act(() => {
      toast.success("Item saved successfully");
      toast.info("Your cart is empty!");
    });
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(within(status).getByText("Item saved successfully")).toBeTruthy();
    expect(within(status).getByText("Your cart is empty!")).toBeTruthy();
    expect(status.querySelector(".ui-toast--success")).not.toBeNull();
    expect(status.querySelector(".ui-toast--info")).not.toBeNull();
  });

  it("announces errors assertively", () => {
    const toast = setup();
    act(() => {
      toast.error("Something went wrong. Please try again.");
    });
    expect(screen.queryByRole("alert")).toBeNull();
    const alert = document.querySelector<HTMLElement>('.ui-toasts [aria-live="assertive"]');
    if (!alert) throw new Error("no assertive region");
    expect(within(alert).getByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(within(screen.getByRole("status")).queryByText("Something went wrong. Please try again.")).toBeNull();
  });

  it("removes a toast after 4 seconds", () => {
    vi.useFakeTimers();
    const toast = setup();
    act(() => {
      toast.success("Message sent !");
    });
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.getByText("Message sent !")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Message sent !")).toBeNull();
  });

  it("removes a toast when its close button is pressed, leaving the others", () => {
    vi.useFakeTimers();
    const toast = setup();
    act(() => {
      toast.info("First");
      toast.info("Second");
    });
    const first = screen.getByText("First").closest(".ui-toast") as HTMLElement;
    fireEvent.click(within(first).getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
  });

  it("dismisses by id", () => {
    const toast = setup();
    let id = "";
    act(() => {
      id = toast.error("Login failed. Please check your connection and try again.");
    });
    expect(screen.getByText(/Login failed/)).toBeTruthy();
    act(() => toast.dismiss(id));
    expect(screen.queryByText(/Login failed/)).toBeNull();
  });

  it("throws a clear error outside the provider", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Capture onApi={() => {}} />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
