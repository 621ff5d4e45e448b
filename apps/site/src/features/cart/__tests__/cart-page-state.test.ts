import { describe, expect, it } from "vitest";
import type { CartItem } from "../../../stores/cart";
import { cartPageReducer, describeConflict, initialCartPageState, refusalDropsDiscount } from "../cart-page-state";
import type { CartPageState } from "../cart-page-state";
import type { AppliedDiscount } from "../pricing";

const item = (id: number, title: string): CartItem => ({
  id,
  slug: `course-${id}`,
  title,
  pricePence: 10000,
  image: null,
  selectedDateId: id * 10,
  selectedDate: "1 - 2nd Mar 2030",
  selectedAddons: [],
});
const door = item(1, "SIA Door Supervisor Course");
const cctv = item(2, "CCTV Operator Course");
const code: AppliedDiscount = { code: "SAVE10", percentOff: 10, amountOffPence: null, courseIds: [] };

describe("cart page reducer", () => {
  it("starts waiting for the cancel only when back from a cancelled payment", () => {
    expect(initialCartPageState(true).cancelling).toBe(true);
    expect(initialCartPageState(false)).toEqual({
      discount: null,
      checkingCode: false,
      submitting: false,
      changing: false,
      cancelling: false,
      conflict: null,
      outcome: null,
      notice: null,
    });
  });

  it("sets and clears the discount and the code check", () => {
    let s = cartPageReducer(initialCartPageState(false), { type: "code-checking", checking: true });
    expect(s.checkingCode).toBe(true);
    s = cartPageReducer(s, { type: "discount-set", discount: code });
    s = cartPageReducer(s, { type: "code-checking", checking: false });
    expect(s).toMatchObject({ discount: code, checkingCode: false });
    expect(cartPageReducer(s, { type: "discount-set", discount: null }).discount).toBeNull();
  });

  it("clears an earlier refusal when the order is sent again, and ends 'submitting' on every answer", () => {
    const refused: CartPageState = {
      ...initialCartPageState(false),
      discount: code,
      conflict: { message: "full", items: [door] },
    };
    const sent = cartPageReducer(refused, { type: "order-sent" });
    expect(sent).toMatchObject({ submitting: true, conflict: null, discount: code });
    expect(cartPageReducer(sent, { type: "order-placed", outcome: { kind: "redirecting" } })).toMatchObject({
      submitting: false,
      outcome: { kind: "redirecting" },
    });
    expect(cartPageReducer(sent, { type: "order-failed" })).toMatchObject({ submitting: false, outcome: null });
    const again = cartPageReducer(sent, {
      type: "order-refused",
      conflict: { message: "full", items: [door] },
      dropDiscount: false,
    });
    expect(again).toMatchObject({ submitting: false, conflict: { message: "full" }, discount: code });
    expect(
      cartPageReducer(sent, { type: "order-refused", conflict: { message: "used", items: [] }, dropDiscount: true }).discount,
    ).toBeNull();
  });

  it("records the return from the payment page and the change of a booking", () => {
    let s = initialCartPageState(true);
    s = cartPageReducer(s, { type: "notice", notice: { kind: "cancelled" } });
    s = cartPageReducer(s, { type: "cancel-answered" });
    expect(s).toMatchObject({ cancelling: false, notice: { kind: "cancelled" } });
    s = cartPageReducer(s, { type: "change-started" });
    expect(s.changing).toBe(true);
    expect(cartPageReducer(s, { type: "change-ended" }).changing).toBe(false);
  });

  it("never changes the state it is given", () => {
    const s = Object.freeze(initialCartPageState(false));
    expect(() => cartPageReducer(s, { type: "order-sent" })).not.toThrow();
    expect(s.submitting).toBe(false);
  });
});

describe("a refused order", () => {
  it("points at the courses of the issues' paths", () => {
    expect(describeConflict("full", [{ path: "courses.1.selectedDate", message: "full" }], [door, cctv], false).items).toEqual([
      cctv,
    ]);
  });
  it("points at the course named in the message when there are no issues", () => {
    expect(describeConflict("Sorry, CCTV Operator Course is fully booked", [], [door, cctv], false).items).toEqual([cctv]);
  });
  it("points at no course when it is about the code", () => {
    expect(describeConflict("This code has been used up", [], [door, cctv], true).items).toEqual([]);
    expect(describeConflict("x", [{ path: "discount_code", message: "x" }], [door], false).items).toEqual([]);
  });
  it("points at every course when nothing says which", () => {
    expect(describeConflict("Something changed", [], [door, cctv], false).items).toEqual([door, cctv]);
  });
  it("drops the code only when the refusal is about it", () => {
    expect(refusalDropsDiscount("used up", [{ path: "discount_code", message: "used up" }], [door], false)).toBe(true);
    expect(refusalDropsDiscount("This code has been used up", [], [door], true)).toBe(true);
    expect(refusalDropsDiscount("Sorry, SIA Door Supervisor Course is full", [], [door], true)).toBe(false);
    expect(refusalDropsDiscount("full", [{ path: "courses.0.selectedDate", message: "full" }], [door], true)).toBe(false);
    expect(refusalDropsDiscount("anything", [], [door], false)).toBe(false);
  });
});
