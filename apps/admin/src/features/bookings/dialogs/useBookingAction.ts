import { useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { newIdempotencyKey } from "../api";

/**
 * The state every booking action dialog repeats: its idempotency key (made when the dialog opens,
 * so a retried click repeats the same request instead of refunding twice), the optional reason
 * kept in the history, whether the customer is e-mailed, and the server's words on a failure.
 */
export function useBookingAction() {
  const [key] = useState(newIdempotencyKey);
  const [reason, setReason] = useState("");
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  return {
    key,
    reason,
    setReason,
    notify,
    setNotify,
    error,
    setError,
    /** The reason as the API takes it: trimmed, left out when empty. */
    reasonText: reason.trim() || undefined,
    /** For a mutation's onError: the failure stays in the dialog in the server's words. */
    onError: (e: unknown) => setError(errorMessage(e)),
  };
}

export type BookingAction = ReturnType<typeof useBookingAction>;

/** A dialog closes only when its request is not running (a close mid-request would lose its answer). */
export const closeUnless = (pending: boolean, onClose: () => void) => () => {
  if (!pending) onClose();
};
