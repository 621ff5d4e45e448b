import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { Button, TextField, useToast } from "@app/ui";
import { checkDiscountCode } from "./api";
import { appliedDiscountFrom } from "./pricing";
import type { AppliedDiscount } from "./pricing";

export type { AppliedDiscount };

export interface CouponBoxProps {
  /** The cart's course ids: sent with the check so a code for none of them is refused by the API. */
  courseIds: readonly number[];
  onApplied: (discount: AppliedDiscount) => void;
  /** Tells the page when a check starts and ends ('Proceed to Checkout' waits for it). */
  onCheckingChange?: (checking: boolean) => void;
}

/**
 * The discount code box (spec §4): checked on Enter, on leaving the field and on 'Apply Code'.
 * Valid: the parent stores the discount (a percentage or a fixed amount) and hides this box, and the rejection's message goes.
 * Not valid: the API's message as an error toast and under the field; the field keeps what was
 * typed so it can be corrected (booking on a phone overrides the spec's clearing).
 */
export function CouponBox({ courseIds, onApplied, onCheckingChange }: CouponBoxProps) {
  const toast = useToast();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorToast = useRef<string | null>(null);
  // The last code checked: leaving the field again without a change asks nothing.
  const lastChecked = useRef<string | null>(null);
  // Leaving the field by clicking 'Apply Code' fires blur and then click: check once.
  const inFlight = useRef(false);

  async function check(force = false) {
    const value = code.trim();
    if (!value || inFlight.current || (!force && error && lastChecked.current === value)) return;
    lastChecked.current = value;
    inFlight.current = true;
    setChecking(true);
    onCheckingChange?.(true);
    try {
      const result = await checkDiscountCode(value, courseIds);
      if (result.valid && result.discount) {
        setError(null);
        if (errorToast.current) toast.dismiss(errorToast.current);
        errorToast.current = null;
        onApplied(appliedDiscountFrom(value, result.discount));
      } else {
        if (errorToast.current) toast.dismiss(errorToast.current);
        errorToast.current = toast.error(result.message);
        setError(result.message);
      }
    } catch (e) {
      // A failed call (network, too many attempts) keeps the code so the user can try again.
      toast.error(e instanceof Error ? e.message : "An unexpected error occurred");
    } finally {
      inFlight.current = false;
      setChecking(false);
      onCheckingChange?.(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void check(true);
  }

  return (
    <form className="coupon-box" onSubmit={onSubmit} aria-label="Apply a discount code" noValidate>
      <TextField
        label="Discount code"
        name="discount_code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
        onBlur={() => void check()}
        placeholder="Enter your code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        readOnly={checking}
        fieldClassName="coupon-box__field"
      />
      <Button type="submit" variant="secondary" className="coupon-box__apply" loading={checking} loadingLabel="Applying...">
        Apply Code
      </Button>
    </form>
  );
}
