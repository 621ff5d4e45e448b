/**
 * The customer's own changes to a booking (decisions 440-446): what the Consumer Contracts
 * Regulations 2013 and the office's booking policy allow, and what each action costs or gives back.
 * Pure: calendar days are ISO dates (`YYYY-MM-DD`, London), money is integer pence.
 */
import { addDays, daysBetween } from "./calendar";

/** A band of a fee ladder: from `from_days` days before the start (inclusive) up, `percent` is kept. */
export type FeeBand = { from_days: number; percent: number };

/** What happens to the money a cancellation does not keep: paid back, held as credit, or neither. */
export type MoneyBack = "refund" | "credit" | "none";

/** The office's booking policy (one version is in force; each booking keeps the one it was made under). */
export type BookingPolicy = {
  /** A date change is refused when the course starts within this many days (7: not within 7 days). */
  change_cutoff_days: number;
  /** How many times a booking may change date. */
  max_changes: number;
  /** Fee for a date change, by days before the current start. */
  change_fees: FeeBand[];
  /** A cheaper new date: the difference is refunded or kept as credit. */
  cheaper_date: "refund" | "credit";
  /** A consumer's cancellation after the 14-day cancellation period: fee by days before the start. */
  cancel_fees: FeeBand[];
  /** What the rest of the money becomes after the fee, outside the cancellation period. */
  cancel_rest: MoneyBack;
  /** Attendee names can be corrected until this many days before the start. */
  name_change_cutoff_days: number;
  /** Employer bookings (no cancellation period): their own ladder and what the rest becomes. */
  business_cancel_fees: FeeBand[];
  business_cancel_rest: MoneyBack;
};

export const DEFAULT_BOOKING_POLICY: BookingPolicy = {
  change_cutoff_days: 7,
  max_changes: 2,
  change_fees: [
    { from_days: 29, percent: 0 },
    { from_days: 14, percent: 25 },
    { from_days: 0, percent: 50 },
  ],
  cheaper_date: "refund",
  cancel_fees: [
    { from_days: 29, percent: 0 },
    { from_days: 14, percent: 25 },
    { from_days: 0, percent: 50 },
  ],
  cancel_rest: "refund",
  name_change_cutoff_days: 2,
  business_cancel_fees: [
    { from_days: 29, percent: 0 },
    { from_days: 14, percent: 50 },
    { from_days: 0, percent: 100 },
  ],
  business_cancel_rest: "credit",
};

/** Length of the cancellation period of a distance contract for a service (days after the booking day). */
export const CANCELLATION_PERIOD_DAYS = 14;
/** A refund is made within this many days of the cancellation. */
export const REFUND_WITHIN_DAYS = 14;

/** The percent a ladder keeps `daysBefore` days before the start: the highest band reached. */
export function ladderPercent(ladder: readonly FeeBand[], daysBefore: number): number {
  const bands = [...ladder].sort((a, b) => b.from_days - a.from_days);
  return bands.find((b) => daysBefore >= b.from_days)?.percent ?? 100;
}

/** The last day of the cancellation period: 14 days after the booking day. */
export const cancellationPeriodEnds = (bookedOn: string) => addDays(bookedOn, CANCELLATION_PERIOD_DAYS);

/** Whether checkout must ask for an express request: the course starts inside the cancellation period. */
export const startsInsideCancellationPeriod = (bookedOn: string, startDate: string) =>
  startDate <= cancellationPeriodEnds(bookedOn);

export type CancelFacts = {
  today: string;
  bookedOn: string;
  /** First and last day of the booking's earliest course (the one that decides). */
  startDate: string;
  endDate: string;
  /** What is left of the payment (paid minus refunds), and the booking's price. */
  paidPence: number;
  totalPence: number;
  business: boolean;
  /** The customer expressly asked at checkout for the course to start within the cancellation period. */
  earlyStartRequested: boolean;
};

export type CancelQuote =
  | { allowed: false; reason: string }
  | {
      allowed: true;
      /** cancellation_period: the 14-day right; policy: the office's consumer ladder; business: its business terms. */
      basis: "cancellation_period" | "policy" | "business";
      keptPence: number;
      refundPence: number;
      creditPence: number;
      /** The day the refund is made by at the latest (null when nothing is refunded). */
      refundBy: string | null;
    };

/**
 * What a cancellation keeps and gives back. Inside the cancellation period (to day 14 after the
 * booking day) a consumer gets everything back, less the proportion of the course delivered when
 * they expressly asked for it to start inside the period (course days begun / course days).
 * Outside it, and for employers, the office's ladder by days before the start.
 */
export function cancelQuote(f: CancelFacts, policy: BookingPolicy): CancelQuote {
  if (f.today > f.endDate) return { allowed: false, reason: "This course has finished, so the booking cannot be cancelled" };
  const daysBefore = daysBetween(f.today, f.startDate);
  const inPeriod = !f.business && f.today <= cancellationPeriodEnds(f.bookedOn);
  const refundBy = (n: number) => (n > 0 ? addDays(f.today, REFUND_WITHIN_DAYS) : null);
  if (inPeriod) {
    let kept = 0;
    if (daysBefore <= 0 && f.earlyStartRequested) {
      const courseDays = daysBetween(f.startDate, f.endDate) + 1;
      const begun = Math.min(daysBetween(f.startDate, f.today) + 1, courseDays);
      kept = Math.min(Math.round((f.totalPence * begun) / courseDays), f.paidPence);
    }
    const refund = f.paidPence - kept;
    return {
      allowed: true,
      basis: "cancellation_period",
      keptPence: kept,
      refundPence: refund,
      creditPence: 0,
      refundBy: refundBy(refund),
    };
  }
  if (daysBefore <= 0)
    return {
      allowed: false,
      reason: "This course has started, so the booking can no longer be cancelled online; call the office",
    };
  const ladder = f.business ? policy.business_cancel_fees : policy.cancel_fees;
  const rest = f.business ? policy.business_cancel_rest : policy.cancel_rest;
  const fee = Math.min(Math.round((f.totalPence * ladderPercent(ladder, daysBefore)) / 100), f.paidPence);
  const left = f.paidPence - fee;
  const refund = rest === "refund" ? left : 0;
  const credit = rest === "credit" ? left : 0;
  return {
    allowed: true,
    basis: f.business ? "business" : "policy",
    keptPence: f.paidPence - refund - credit,
    refundPence: refund,
    creditPence: credit,
    refundBy: refundBy(refund),
  };
}

export type ChangeFacts = {
  today: string;
  /** Start of the course date being left, and of the one chosen. */
  currentStart: string;
  targetStart: string;
  changesMade: number;
  /** The price of the course being moved (all its places). */
  itemPence: number;
};

export type ChangeQuote = { allowed: false; reason: string } | { allowed: true; feePence: number; percent: number };

/** Whether a date change is allowed now and its fee (a percent of the course's price, by the ladder). */
export function changeQuote(f: ChangeFacts, policy: BookingPolicy): ChangeQuote {
  const daysBefore = daysBetween(f.today, f.currentStart);
  if (f.changesMade >= policy.max_changes)
    return {
      allowed: false,
      reason: `This booking has changed date ${f.changesMade} ${f.changesMade === 1 ? "time" : "times"}, the most allowed online`,
    };
  if (daysBefore <= policy.change_cutoff_days)
    return { allowed: false, reason: `Dates cannot be changed within ${policy.change_cutoff_days} days of the start` };
  if (daysBetween(f.today, f.targetStart) <= policy.change_cutoff_days)
    return { allowed: false, reason: `Choose a date more than ${policy.change_cutoff_days} days away` };
  const percent = ladderPercent(policy.change_fees, daysBefore);
  return { allowed: true, percent, feePence: Math.round((f.itemPence * percent) / 100) };
}

/** Whether attendee names may still be corrected `daysBefore` days before the start. */
export const namesEditable = (today: string, startDate: string, policy: BookingPolicy) =>
  daysBetween(today, startDate) >= policy.name_change_cutoff_days;
