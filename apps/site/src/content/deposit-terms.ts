/**
 * What happens to a deposit on cancellation: the same words the API answers with the payment
 * offers (`deposit_terms`), so the terms page and the checkout never disagree. Kept in step with
 * DEPOSIT_TERMS in @app/contract (payment-options.ts), which the site cannot import in its first load.
 */
export const DEPOSIT_TERMS =
  "A deposit secures your places. If you cancel, the deposit is not refunded; anything paid above it is refunded under our usual cancellation terms. If the balance is not paid by its due date, we may release your places.";
