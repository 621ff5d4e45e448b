import type { FinderAnswers } from "@app/rules/course-finder";
import { clearFinderAnswers, readFinderAnswers } from "../../lib/finder-answers";
import { useCallback } from "react";
import type { Dispatch } from "react";
import type { OrderInput } from "@app/contract";
import { withWaitlistOffer } from "../../lib/waitlist-offer";
import { useToast } from "@app/ui";
import { ApiError } from "../../lib/api";
import { placesOf, useCart } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";
import { submitOrder } from "./api";
import { describeConflict, refusalDropsDiscount } from "./cart-page-state";
import { checkoutFailureMessage } from "./checkout-failure";
import type { CartPageAction } from "./cart-page-state";
import type { CheckoutErrors, CheckoutValues } from "./checkout-values";
import { saveDiscount } from "../../stores/discount";
import { leavePage } from "./links";
import { loadCheckoutRules } from "./checkout-rules";
import { CART_MESSAGES } from "./messages";
import { savePendingCart } from "./pending-cart";
import type { AppliedDiscount } from "./pricing";
import { choiceFields, FULL_PAYMENT_CHOICE } from "./payment-plan/choice";
import type { PaymentChoice } from "./payment-plan/choice";

/** API field names of the order payload → fields of the buyer form. */
const ORDER_FIELD_TO_FORM: Record<string, keyof CheckoutErrors> = {
  first_name: "firstName",
  guest_name: "firstName",
  last_name: "lastName",
  phone_number: "phoneNumber",
  guest_email: "email",
  country: "country",
  street_address: "streetAddress",
  town_city: "townCity",
  state: "state",
  postcode: "postcode",
  company_name: "companyName",
  purchase_order: "purchaseOrder",
  building_type: "buildingType",
  order_notes: "orderNotes",
};

/** `courses.<n>.attendees.<k>.<field>` of the order → the attendee field of that course in the form. */
const ATTENDEE_ISSUE =
  /^courses\.(\d+)\.attendees\.(\d+)\.(?:answers\.)?(first_name|last_name|email|licence_number|licence_expiry|earlier_training_date|earlier_training_place)$/;

/** The order's issues as the form's field errors (the first message of each field). */
export function issuesToFormErrors(
  issues: { path: string; message: string }[] | undefined,
  items: readonly CartItem[] = [],
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const issue of issues ?? []) {
    const attendee = ATTENDEE_ISSUE.exec(issue.path);
    const courseId = attendee ? items[Number(attendee[1])]?.id : undefined;
    const field = attendee
      ? courseId !== undefined
        ? (`attendees.${courseId}.${Number(attendee[2])}.${attendee[3] as "first_name"}` as const)
        : undefined
      : ORDER_FIELD_TO_FORM[issue.path.split(".")[0] ?? ""];
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The order payload (spec §7) of a cart and a filled form. A line of 2 or more places sends its
 * `quantity` and the named `attendees` (office booking tools); a one-place line stays as before (the buyer is
 * the attendee) unless 'Someone else is attending' named who takes it.
 */
export function buildOrder(
  items: readonly CartItem[],
  values: CheckoutValues,
  discount: AppliedDiscount | null,
  finderAnswers: FinderAnswers | null = null,
): OrderInput {
  return {
    courses: items.map((i) => {
      const line = { id: i.id, selectedDate: i.selectedDateId, selectedAddons: i.selectedAddons.map((a) => a.id) };
      const places = placesOf(i);
      if (places > 1) return { ...line, quantity: places, attendees: values.attendees[i.id] ?? [] };
      // One place taken by someone other than the buyer (an employer booking one employee).
      const someoneElse = values.attendees[i.id]?.[0];
      return someoneElse ? { ...line, quantity: 1, attendees: [someoneElse] } : line;
    }),
    guest_email: values.email,
    guest_name: values.firstName,
    discount_code: discount?.code ?? null,
    first_name: values.firstName,
    last_name: values.lastName,
    phone_number: values.phoneNumber,
    country: values.country,
    street_address: values.streetAddress,
    town_city: values.townCity,
    state: values.state,
    postcode: values.postcode || null,
    company_name: values.companyName || null,
    purchase_order: values.purchaseOrder || null,
    building_type: values.buildingType || null,
    order_notes: values.orderNotes || null,
    marketing_opt_in: values.marketingOptIn,
    accept_terms: true,
    ...(values.earlyStartRequested !== undefined ? { early_start_requested: values.earlyStartRequested } : {}),
    // Course finder and prerequisites: the course finder's answers, when the cart came from it, go to the office with the booking.
    ...(finderAnswers ? { finder_answers: finderAnswers } : {}),
  };
}

/**
 * 'Proceed to Payment': checks the order with the contract's schema, sends it, keeps a copy for a
 * cancelled payment, clears the cart and leaves for the payment page. A refusal about a course
 * (date full or closed) or the code keeps the cart and says which course; field errors go back
 * to the form; any other answer with a message is shown in the API's words (decision 270), and
 * the cart is kept for the retry.
 */
export function useCheckout(
  dispatch: Dispatch<CartPageAction>,
  discount: AppliedDiscount | null,
  setDiscount: (d: AppliedDiscount | null) => void,
  choice: PaymentChoice = FULL_PAYMENT_CHOICE,
) {
  const cart = useCart();
  const toast = useToast();
  const { items, clear } = cart;

  return useCallback(
    async (values: CheckoutValues): Promise<CheckoutErrors | void> => {
      // An open waiting-list offer for a date in the cart adds its token and places (waiting lists and reminders).
      const order = withWaitlistOffer({ ...buildOrder(items, values, discount, readFinderAnswers()), ...choiceFields(choice) });
      // The same schema the API applies: what it would refuse is caught here with the same words.
      // Loaded already: the form awaited the rules before it called this.
      const { OrderSchema } = await loadCheckoutRules();
      const checked = OrderSchema.safeParse(order);
      if (!checked.success) {
        const errors = issuesToFormErrors(
          checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          items,
        );
        if (Object.keys(errors).length > 0) return errors;
        toast.error(checked.error.issues[0]?.message ?? CART_MESSAGES.failed);
        return;
      }

      dispatch({ type: "order-sent" });
      const submittedItems = items;
      try {
        const res = await submitOrder(order);
        savePendingCart({
          reference: res.reference,
          bookingReference: res.booking_reference,
          items: submittedItems,
          discountCode: discount?.code ?? null,
          paymentLink: res.payment_link || null,
          savedAt: new Date().toISOString(),
        });
        clear();
        // The code now travels with the saved copy (re-checked if the booking comes back to the cart).
        saveDiscount(null);
        // The finder's answers went with this booking; nothing of them stays in the browser.
        clearFinderAnswers();
        if (res.awaiting_approval) {
          dispatch({
            type: "order-placed",
            outcome: { kind: "awaiting-approval", bookingReference: res.booking_reference, until: res.expires_at },
          });
        } else if (res.payment_link) {
          dispatch({ type: "order-placed", outcome: { kind: "redirecting" } });
          toast.success(CART_MESSAGES.redirecting);
          leavePage.to(res.payment_link);
        } else {
          dispatch({
            type: "order-placed",
            outcome: { kind: "no-link", reference: res.reference, bookingReference: res.booking_reference },
          });
          toast.info(CART_MESSAGES.noPaymentLink);
        }
      } catch (e) {
        const issues = e instanceof ApiError ? (e.body?.issues ?? []) : [];
        const courseIssue = issues.some((i) => i.path.startsWith("courses.") && !ATTENDEE_ISSUE.test(i.path));
        if (e instanceof ApiError && (e.status === 409 || (e.status === 400 && courseIssue))) {
          // A date filled up or closed, or the code ran out, meanwhile: keep the cart so the user can
          // choose another date (or go on without the code).
          toast.error(e.message);
          const hadDiscount = discount !== null;
          const dropDiscount = refusalDropsDiscount(e.message, issues, submittedItems, hadDiscount);
          dispatch({
            type: "order-refused",
            conflict: describeConflict(e.message, issues, submittedItems, hadDiscount),
            dropDiscount,
          });
          if (dropDiscount) setDiscount(null);
          return;
        }
        if (e instanceof ApiError && e.status === 400) {
          const errors = issuesToFormErrors(issues, submittedItems);
          if (Object.keys(errors).length > 0) {
            dispatch({ type: "order-failed" });
            return errors;
          }
        }
        // The API said why (payment page not opened, too many bookings): the customer reads its
        // words, and when to try again, beside the form that keeps everything for the retry.
        const said = checkoutFailureMessage(e, new Date());
        if (said) {
          dispatch({ type: "order-refused", conflict: { message: said, items: [] }, dropDiscount: false });
          toast.error(said);
          return;
        }
        dispatch({ type: "order-failed" });
        toast.error(CART_MESSAGES.failed);
      }
    },
    [items, clear, discount, dispatch, setDiscount, toast, choice],
  );
}
