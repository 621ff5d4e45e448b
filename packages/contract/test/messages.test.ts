import { describe, expect, it } from "vitest";
import {
  CheckoutFormSchema,
  ContactFormSchema,
  DiscountCreateSchema,
  LoginSchema,
  ShopItemCreateSchema,
  TrainingCreateSchema,
} from "../src";
import { ukDate } from "@app/rules";

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("spec §5 messages live in the contract", () => {
  it("checkout: every required field and the 4-3-4 phone pattern", () => {
    const m = messages(
      CheckoutFormSchema.safeParse({
        firstName: " ",
        lastName: "",
        phoneNumber: "",
        email: "",
        country: "",
        streetAddress: "",
        townCity: "",
        state: "",
      }),
    );
    expect(m).toEqual(
      expect.arrayContaining([
        "First name is required",
        "Last name is required",
        "Phone number is required",
        "Email address is required",
        "Country is required",
        "Street address is required",
        "Town/City is required",
        "State is required",
      ]),
    );
    const phone = (p: string) =>
      CheckoutFormSchema.safeParse({
        firstName: "A",
        lastName: "B",
        phoneNumber: p,
        email: "a@b.co",
        country: "United Kingdom",
        streetAddress: "1 Road",
        townCity: "Bootle",
        state: "England",
      });
    expect(phone("0770 090 0123").success).toBe(true);
    expect(messages(phone("0770 090 012"))).toEqual(["Please enter a valid phone number"]);
    expect(
      messages(
        CheckoutFormSchema.safeParse({
          firstName: "A",
          lastName: "B",
          phoneNumber: "07700900123",
          email: "a@b.co",
          country: "United Kingdom",
          streetAddress: "1",
          townCity: "B",
          state: "England",
          deliverToDifferentAddress: true,
        }),
      ),
    ).toEqual(["Different delivery address is required"]);
  });

  it("contact form: lengths, digits and consent", () => {
    const m = messages(
      ContactFormSchema.safeParse({
        firstName: "A",
        lastName: "B",
        phoneNumber: "0151 496",
        emailAddress: "nope",
        message: "short",
        consent: false,
      }),
    );
    expect(m).toEqual([
      "First name must be at least 2 characters",
      "Last name must be at least 2 characters",
      "Please enter a valid phone number",
      "Please enter a valid email address",
      "Message must be at least 10 characters",
      "Please agree to our Privacy Policy and Terms of Use",
    ]);
  });

  it("login", () => {
    expect(messages(LoginSchema.safeParse({ email: "", password: "" }))).toEqual(["Email is required", "Password is required"]);
    expect(messages(LoginSchema.safeParse({ email: "x", password: "p" }))).toEqual(["Please enter a valid email address"]);
  });

  it("create training: required fields, fee and date ranges", () => {
    expect(
      messages(TrainingCreateSchema.safeParse({ title: " ", description: "", price: 0, duration: "", courseDates: [] })),
    ).toEqual([
      "Course title is required",
      "Course description is required",
      "Course duration is required",
      "At least one course date is required",
      "Please enter a valid course fee",
    ]);
    const m = messages(
      TrainingCreateSchema.safeParse({
        title: "T",
        description: "D",
        price: 250,
        duration: "5 Days",
        courseDates: [{ startDate: "2026-03-14", endDate: "2026-03-12" }],
      }),
    );
    expect(m).toEqual(["End date cannot be before start date", "Please check all date ranges"]);
  });

  it("add saved item", () => {
    expect(messages(ShopItemCreateSchema.safeParse({ name: "", url: "" }))).toEqual([
      "Item title is required",
      "URL is required",
    ]);
    expect(messages(ShopItemCreateSchema.safeParse({ name: "Kit", url: "not a url" }))).toEqual(["Please enter a valid URL"]);
  });

  it("create discount", () => {
    expect(
      messages(DiscountCreateSchema.safeParse({ code: "", percent_off: 0, valid_from: "", valid_until: "", max_uses: 0 })),
    ).toEqual(
      expect.arrayContaining([
        "Discount code is required",
        "Discount must be greater than 0%",
        "Start date is required",
        "End date is required",
        "Max uses must be greater than 0",
      ]),
    );
    expect(
      messages(
        DiscountCreateSchema.safeParse({
          code: "ab",
          percent_off: 101,
          valid_from: "2000-01-01",
          valid_until: "2000-01-01",
          max_uses: 1,
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        "Code must be at least 3 characters",
        "Code must contain only uppercase letters and numbers",
        "Discount cannot exceed 100%",
        "Start date cannot be in the past",
      ]),
    );
    const today = ukDate();
    expect(
      messages(
        DiscountCreateSchema.safeParse({ code: "SAVE10", percent_off: 10, valid_from: today, valid_until: today, max_uses: 5 }),
      ),
    ).toEqual(["End date must be after start date"]);
  });
});
