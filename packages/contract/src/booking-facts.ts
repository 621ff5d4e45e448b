/** What to bring on the first day (the confirmation page and mail say the same): ID checks are part of the SIA licence application. */
export const WHAT_TO_BRING = [
  "Photo ID: a valid passport or UK photocard driving licence (the same document you will use for your SIA licence application).",
  "Two proofs of address dated within the last 3 months, such as a bank statement, utility bill or council tax bill.",
  "Proof of your right to work in the UK (passport, or a share code from GOV.UK).",
  "Your address history for the last 5 years: the SIA licence application and its criminal record check ask for it.",
  "A pen and, if you wear them, your glasses; lunch and drinks for each day.",
] as const;

/** A map search for an address (any map service reads it). */
export const mapSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
