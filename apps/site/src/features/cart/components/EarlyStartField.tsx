import { CheckboxField } from "@app/ui";
import { startsInsideCancellationPeriod } from "@app/rules";

/**
 * The Consumer Contracts Regulations' express request (decision 442): asked only when a course in
 * the cart starts inside the 14-day cancellation period. Never ticked in advance; the order stores
 * the answer. Ticked, cancelling after the start keeps the part of the course delivered.
 */
export const asksEarlyStart = (today: string, startDates: readonly (string | null | undefined)[]) =>
  startDates.some((d) => d && startsInsideCancellationPeriod(today, d));

export function EarlyStartField({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField
      label="I ask for my course to start within the 14-day cancellation period"
      name="earlyStartRequested"
      checked={checked}
      disabled={disabled}
      hint="Your course starts within 14 days of booking. If you cancel after it has started, we keep the part already delivered; before the start you still get everything back."
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
