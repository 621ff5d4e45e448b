// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastProvider } from "@app/ui";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECKOUT_INVALID_TOAST, CheckoutForm } from "../CheckoutForm";
import { toasts } from "./helpers";
import { UK_POSTCODE_MESSAGE } from "@app/rules";

// Typing a whole form with user-event takes seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(cleanup);

function setup(onValid = vi.fn()) {
  render(
    <MemoryRouter>
      <ToastProvider>
        <CheckoutForm submitLabel="Proceed to Payment (£250.00)" busy={false} onValid={onValid} />
      </ToastProvider>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const submit = () => user.click(screen.getByRole("button", { name: "Proceed to Payment (£250.00)" }));
  /** The error text shown under a field (linked by aria-describedby), or null. */
  const errorOf = (label: string) => {
    const el = field(label);
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
    return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
  };
  return { user, field, submit, errorOf, onValid };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, field: (l: string) => HTMLInputElement) {
  await user.type(field("First name*"), "  Jane ");
  await user.type(field("Last name*"), "Doe");
  await user.type(field("Phone Number*"), "07700 900123");
  await user.type(field("Email address*"), "jane.doe@example.com");
  await user.type(field("Street address*"), "1 Example Street");
  await user.type(field("Town/City*"), "Bootle");
  await user.selectOptions(field("State*"), "England");
  await user.click(field("I agree to the booking terms*"));
}

describe("checkout form", () => {
  it("sends one order for a double tap, also while the checkout's rules are still loading", async () => {
    let answer: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((done) => (answer = done)));
    const { user, field, errorOf } = setup(onValid);
    await fillValid(user, field);
    const button = screen.getByRole("button", { name: "Proceed to Payment (£250.00)" });
    // Two submits in the same task: the second finds the first still waiting for the rules.
    button.click();
    button.click();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    button.click(); // the order is still on its way
    answer();
    await new Promise((r) => setTimeout(r, 0)); // the first submission has ended
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(errorOf("First name*")).toBeNull();
    // Answered: the form can be sent again (e.g. after the API refused a field).
    button.click();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
  });

  it("needs 'I agree to the booking terms' ticked (never ticked in advance), with a clear message", async () => {
    const { user, field, submit, errorOf, onValid } = setup();
    expect(field("I agree to the booking terms*").checked).toBe(false);
    await fillValid(user, field);
    await user.click(field("I agree to the booking terms*"));
    await submit();
    expect(errorOf("I agree to the booking terms*")).toBe("Please tick 'I agree to the booking terms' to continue");
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "read the booking terms" }).getAttribute("href")).toBe("/booking-terms");
    await user.click(field("I agree to the booking terms*"));
    expect(errorOf("I agree to the booking terms*")).toBeNull();
    await submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it("shows every required-field message of spec §5 and the info toast on an empty submit", async () => {
    const { submit, errorOf, onValid, field, user } = setup();
    await user.selectOptions(field("Country*"), "");
    await submit();
    expect(errorOf("First name*")).toBe("First name is required");
    expect(errorOf("Last name*")).toBe("Last name is required");
    expect(errorOf("Phone Number*")).toBe("Phone number is required");
    expect(errorOf("Email address*")).toBe("Email address is required");
    expect(errorOf("Country*")).toBe("Country is required");
    expect(errorOf("Street address*")).toBe("Street address is required");
    expect(errorOf("Town/City*")).toBe("Town/City is required");
    expect(errorOf("State*")).toBe("State is required");
    expect(errorOf("Company name (optional)")).toBeNull();
    expect(errorOf("Building type (optional)")).toBeNull();
    expect(errorOf("Order notes (optional)")).toBeNull();
    expect(toasts("info")).toEqual([expect.stringContaining(CHECKOUT_INVALID_TOAST)]);
    expect(onValid).not.toHaveBeenCalled();
    // The first wrong field gets the focus so a phone user lands on it.
    expect(document.activeElement).toBe(field("First name*"));
  });

  it("counts spaces-only values as empty", async () => {
    const { submit, errorOf, field, user } = setup();
    await user.type(field("First name*"), "   ");
    await user.type(field("Town/City*"), "  ");
    await submit();
    expect(errorOf("First name*")).toBe("First name is required");
    expect(errorOf("Town/City*")).toBe("Town/City is required");
  });

  it.each([
    ["0770 090 012", "Please enter a valid phone number"],
    ["077009001234", "Please enter a valid phone number"],
    ["0770-090-0123", "Please enter a valid phone number"],
    ["+44 7700 900123", "Please enter a valid phone number"],
    ["0770 090 0123", null],
    ["07700900123", null],
  ])("checks the 4-3-4 phone pattern: %s", async (phone, message) => {
    const { submit, errorOf, field, user } = setup();
    await user.type(field("Phone Number*"), phone);
    await submit();
    expect(errorOf("Phone Number*")).toBe(message);
  });

  it("clears a field's error as soon as the user types in it, and only that one", async () => {
    const { submit, errorOf, field, user } = setup();
    await submit();
    await user.type(field("Last name*"), "D");
    expect(errorOf("Last name*")).toBeNull();
    expect(errorOf("First name*")).toBe("First name is required");
    await user.selectOptions(field("State*"), "Wales");
    expect(errorOf("State*")).toBeNull();
  });

  it("hands over trimmed values when everything is right, with the optional fields", async () => {
    const onValid = vi.fn();
    const { submit, field, user } = setup(onValid);
    await fillValid(user, field);
    await user.type(field("Company name (optional)"), " Example Security Ltd ");
    await user.type(field("Building type (optional)"), "Office");
    await user.type(field("Order notes (optional)"), "  Wheelchair access please ");
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      phoneNumber: "07700 900123",
      email: "jane.doe@example.com",
      country: "United Kingdom",
      state: "England",
      townCity: "Bootle",
      streetAddress: "1 Example Street",
      companyName: "Example Security Ltd",
      buildingType: "Office",
      orderNotes: "Wheelchair access please",
    });
    expect(toasts("info")).toEqual([]);
  });

  it("checks the postcode as a UK one when the country is the United Kingdom (attendee changes)", async () => {
    const onValid = vi.fn();
    const { submit, field, user, errorOf } = setup(onValid);
    await fillValid(user, field);
    await user.type(field("Postcode"), "NOT A CODE");
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(errorOf("Postcode")).toBe(UK_POSTCODE_MESSAGE);
    await user.clear(field("Postcode"));
    await user.type(field("Postcode"), "L20 3AB");
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ postcode: "L20 3AB" });
  });

  it("offers the spec's countries, United Kingdom first and chosen, and the four nations as states", () => {
    const { field } = setup();
    const country = field("Country*") as unknown as HTMLSelectElement;
    expect(country.value).toBe("United Kingdom");
    const countryOptions = within(country)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(countryOptions.filter((o) => o !== "Select a country")).toEqual([
      "United Kingdom",
      "United States",
      "Canada",
      "Australia",
    ]);
    const stateOptions = within(field("State*") as unknown as HTMLSelectElement)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(stateOptions.filter((o) => o !== "Select a state")).toEqual(["England", "Scotland", "Wales", "Northern Ireland"]);
  });

  it("shows the API's field messages it is given back", async () => {
    const onValid = vi.fn().mockResolvedValue({ phoneNumber: "Please enter a valid phone number" });
    const { submit, field, errorOf, user } = setup(onValid);
    await fillValid(user, field);
    await submit();
    await waitFor(() => expect(errorOf("Phone Number*")).toBe("Please enter a valid phone number"));
    expect(toasts("info")).toEqual([expect.stringContaining(CHECKOUT_INVALID_TOAST)]);
  });
});
