/**
 * The state of /cart as one pure reducer: the applied code, the checkout's progress, the answer
 * to a refused order, and what the return from a payment page found. The hooks (payment return,
 * checkout) do the calls and storage and describe what happened as actions; the view only reads.
 * Pure, so every transition is unit-tested without a browser (__tests__/cart-page-state.test.ts).
 */
import type { CartItem } from "../../stores/cart";
import type { PendingCart } from "./pending-cart";
import type { AppliedDiscount } from "./pricing";

export interface Conflict {
  message: string;
  /** Courses whose date should be chosen again. */
  items: CartItem[];
}

/** What the cart says after the customer came back from a payment page (docs/decisions/030, 031). */
export type Notice =
  | { kind: "cancelled" }
  | { kind: "not-completed" }
  | { kind: "changed" }
  | {
      kind: "awaiting";
      paymentLink: string;
      reference: string;
      bookingReference: string | null;
      copy: PendingCart;
      totalPence: number | null;
    }
  | { kind: "paid"; message: string; reference: string };

/** An order the API accepted: on its way to the payment page, or placed without a payment link. */
export type Outcome =
  | { kind: "redirecting" }
  | { kind: "no-link"; reference: string; bookingReference: string }
  /** Course finder and prerequisites: a course needs the office's approval; the places are held, the payment link comes by e-mail. */
  | { kind: "awaiting-approval"; bookingReference: string; until: string };

export interface CartPageState {
  discount: AppliedDiscount | null;
  /** A discount code is being checked ('Proceed' waits for it). */
  checkingCode: boolean;
  /** The order is being sent. */
  submitting: boolean;
  /** 'Change booking' is cancelling the held order. */
  changing: boolean;
  /** Back from a cancelled payment: the cart waits for the API to cancel the order first. */
  cancelling: boolean;
  conflict: Conflict | null;
  outcome: Outcome | null;
  notice: Notice | null;
}

export type CartPageAction =
  | { type: "discount-set"; discount: AppliedDiscount | null }
  | { type: "code-checking"; checking: boolean }
  | { type: "order-sent" }
  | { type: "order-placed"; outcome: Outcome }
  | { type: "order-refused"; conflict: Conflict; dropDiscount: boolean }
  | { type: "order-failed" }
  | { type: "notice"; notice: Notice }
  | { type: "cancel-answered" }
  | { type: "change-started" }
  | { type: "change-ended" };

export function initialCartPageState(returningFromCancelledPayment: boolean): CartPageState {
  return {
    discount: null,
    checkingCode: false,
    submitting: false,
    changing: false,
    cancelling: returningFromCancelledPayment,
    conflict: null,
    outcome: null,
    notice: null,
  };
}

export function cartPageReducer(state: CartPageState, action: CartPageAction): CartPageState {
  switch (action.type) {
    case "discount-set":
      return { ...state, discount: action.discount };
    case "code-checking":
      return { ...state, checkingCode: action.checking };
    case "order-sent":
      // A new attempt: the previous refusal goes.
      return { ...state, submitting: true, conflict: null };
    case "order-placed":
      return { ...state, submitting: false, outcome: action.outcome };
    case "order-refused":
      return { ...state, submitting: false, conflict: action.conflict, discount: action.dropDiscount ? null : state.discount };
    case "order-failed":
      return { ...state, submitting: false };
    case "notice":
      return { ...state, notice: action.notice };
    case "cancel-answered":
      return { ...state, cancelling: false };
    case "change-started":
      return { ...state, changing: true };
    case "change-ended":
      return { ...state, changing: false };
  }
}

/**
 * Which courses a refused order points at: by the issues' paths (`courses.<n>.…`), else by the
 * course title in the message ('Sorry, <title> on <date> is fully booked…'). A refusal naming no
 * course while a code was applied is about the code: no date links then.
 */
export function describeConflict(
  message: string,
  issues: { path: string; message: string }[],
  items: CartItem[],
  hadDiscount: boolean,
): Conflict {
  const indexes = new Set(
    issues
      .map((i) => /^courses\.(\d+)/.exec(i.path)?.[1])
      .filter((x): x is string => x !== undefined)
      .map(Number),
  );
  let affected = items.filter((_, n) => indexes.has(n));
  if (affected.length === 0) affected = items.filter((i) => message.includes(i.title));
  const aboutCode = issues.some((i) => i.path.startsWith("discount_code")) || (affected.length === 0 && hadDiscount);
  return { message, items: aboutCode ? [] : affected.length > 0 ? affected : items };
}

/** Whether a refused order means the applied code must go (it ran out, or the refusal is about it). */
export function refusalDropsDiscount(
  message: string,
  issues: { path: string; message: string }[],
  items: CartItem[],
  hadDiscount: boolean,
): boolean {
  const courseIssue = issues.some((i) => i.path.startsWith("courses."));
  const mentionsItem = items.some((i) => message.includes(i.title));
  return issues.some((i) => i.path.startsWith("discount_code")) || (hadDiscount && !courseIssue && !mentionsItem);
}
