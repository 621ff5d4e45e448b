// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastProvider } from "@app/ui";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CouponBox } from "../CouponBox";
import { deferred, stubFetch, toasts } from "./helpers";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VALID = { valid: true, message: "Discount code applied", discount: { percent_off: 10 } };
const EXPIRED = { valid: false, message: "This discount code has expired", discount: null };

function setup() {
  const onApplied = vi.fn();
  const onChecking = vi.fn();
  render(
    <ToastProvider>
      <CouponBox courseIds={[3, 7, 3]} onApplied={onApplied} onCheckingChange={onChecking} />
    </ToastProvider>,
  );
  return { onApplied, onChecking, input: screen.getByLabelText("Discount code") as HTMLInputElement, user: userEvent.setup() };
}

describe("coupon box", () => {
  it("checks the code on Enter and hands the percent to the cart", async () => {
    const calls = stubFetch(() => ({ body: VALID }));
    const { onApplied, input, user } = setup();
    await user.type(input, " save10 {Enter}");
    await waitFor(() =>
      expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ code: "SAVE10", percentOff: 10, amountOffPence: null })),
    );
    expect(calls).toHaveLength(1);
    // The cart's courses go with the check (each once), so the API can refuse a code for none of them.
    expect(calls[0]?.url).toMatch(/\/api\/discounts\/validate\/save10\?course_ids=3,7$/);
  });

  it("checks the code when the field is left", async () => {
    stubFetch(() => ({ body: VALID }));
    const { onApplied, input, user } = setup();
    await user.type(input, "SAVE10");
    await user.tab();
    await waitFor(() =>
      expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ code: "SAVE10", percentOff: 10, amountOffPence: null })),
    );
  });

  it("shows 'Applying...' while the check runs, once for a blur followed by a click", async () => {
    const answer = deferred<{ body: unknown }>();
    const calls = stubFetch(() => answer.promise);
    const { onApplied, onChecking, input, user } = setup();
    await user.type(input, "SAVE10");
    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    const busy = await screen.findByRole("button", { name: /Applying\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(onChecking).toHaveBeenLastCalledWith(true);
    await act(async () => answer.resolve({ body: VALID }));
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(onChecking).toHaveBeenLastCalledWith(false);
    expect(calls).toHaveLength(1);
  });

  it("shows the API's message as an error toast and under the field, keeping what was typed, when the code is not valid", async () => {
    stubFetch(() => ({ body: EXPIRED }));
    const { onApplied, input, user } = setup();
    await user.type(input, "OLDCODE");
    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    await waitFor(() => expect(toasts("error").join()).toContain("This discount code has expired"));
    expect(input.value).toBe("OLDCODE");
    expect(screen.getByText("This discount code has expired", { selector: ".ui-field__error" })).toBeTruthy();
    expect(onApplied).not.toHaveBeenCalled();
  });

  it("does not call the API for an empty field", async () => {
    const calls = stubFetch(() => ({ body: VALID }));
    const { input, user } = setup();
    await user.type(input, "   ");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    expect(calls).toHaveLength(0);
  });

  it("keeps the code and says why when the check itself fails", async () => {
    stubFetch(() => ({ status: 429, body: { message: "Too many attempts. Please wait a minute." } }));
    const { input, user } = setup();
    await user.type(input, "SAVE10{Enter}");
    await waitFor(() => expect(toasts("error").join()).toContain("Too many attempts. Please wait a minute."));
    expect(input.value).toBe("SAVE10");
  });
});
