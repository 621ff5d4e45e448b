/**
 * Paying part now, the rest later (deposits, balances and instalments): which ways of paying a
 * cart is offered, what each takes today and what stays due, and when. Pure: the API prices an
 * order with it (never trusting the browser's figures) and the site shows the same offers.
 *
 * Dates are calendar days 'YYYY-MM-DD' in London; amounts are integer pence.
 */
import { addDays, daysBetween } from "./calendar";
import { formatPence } from "./money";

/** The office's payment options (site-wide or a course's own), as far as paying is concerned. */
export type DepositOptions = {
  deposit_enabled: boolean;
  /** 'fixed': deposit_value pence per place; 'percent': deposit_value % of the place's price. */
  deposit_kind: "fixed" | "percent";
  deposit_value: number;
  /** The balance is due this many days before the first day; booking inside that window pays in full. */
  balance_due_days: number;
  instalments_enabled: boolean;
  klarna_enabled: boolean;
};

export type PlanKind = "full" | "deposit" | "instalments" | "klarna";

/** One line of the cart: its price per place (before the order's discount) and its places. */
export type DepositLine = { pricePerPlacePence: number; places: number };

export type PlanCharge = { dueOn: string; amountPence: number };

export type PaymentOffer = {
  plan: PlanKind;
  /** The spec's labels: "Full Payment", "Deposit (Pay £30.00 per item)", "Installment Plan"; "Klarna". */
  label: string;
  /** Taken at checkout. */
  todayPence: number;
  /** Still due after checkout (0 for full payment and Klarna: the provider pays us in full). */
  duePence: number;
  /** When the last of it is due (null when nothing is). */
  dueOn: string | null;
  /** What is charged later, in order (one line for a deposit's balance; 2-3 for instalments). */
  schedule: PlanCharge[];
};

export type OffersInput = {
  options: DepositOptions;
  lines: DepositLine[];
  /** The order's total after its discount. */
  totalPence: number;
  /** The first day of the earliest course date in the cart (null: undated, full payment only). */
  firstDay: string | null;
  /** Today in London. */
  today: string;
};

/** The deposit for one place: the fixed sum (never more than the place costs) or its percentage, to the penny. */
export function depositPerPlace(options: Pick<DepositOptions, "deposit_kind" | "deposit_value">, pricePence: number): number {
  const price = Math.max(0, Math.round(pricePence));
  const value = Math.max(0, options.deposit_value);
  if (options.deposit_kind === "percent") return Math.min(price, Math.round((price * Math.min(value, 100)) / 100));
  return Math.min(price, Math.round(value));
}

/** The label of the deposit option: "Deposit (Pay £30.00 per item)" or "Deposit (Pay 25% per item)". */
export function depositLabel(options: Pick<DepositOptions, "deposit_kind" | "deposit_value">): string {
  const each = options.deposit_kind === "percent" ? `${options.deposit_value}%` : formatPence(options.deposit_value);
  return `Deposit (Pay ${each} per item)`;
}

/** The day the balance is due: `balance_due_days` before the first day. */
export function balanceDueOn(firstDay: string, balanceDueDays: number): string {
  return addDays(firstDay, -Math.max(0, Math.trunc(balanceDueDays)));
}

/**
 * The order's deposit: each place's deposit, times its places, summed; never more than the total
 * (a discount larger than the balance leaves the whole total as the deposit).
 */
export function orderDeposit(options: DepositOptions, lines: DepositLine[], totalPence: number): number {
  const sum = lines.reduce((n, l) => n + depositPerPlace(options, l.pricePerPlacePence) * Math.max(0, l.places), 0);
  return Math.min(sum, Math.max(0, totalPence));
}

/**
 * How many later charges an instalment plan has (2 or 3; 0: no plan fits) for the days from today
 * to the balance's due day: the charges fall on different days strictly before the due day, at
 * least 14 days apart for three and 7 days apart for two.
 */
export function instalmentCount(daysLeft: number): number {
  const room = daysLeft - 1;
  if (room >= 3 * 14) return 3;
  if (room >= 2 * 7) return 2;
  return 0;
}

/**
 * The instalment charges: `amountPence` split into `count` parts (the odd pennies on the earliest),
 * spread evenly after today, the last on the day before the due day.
 */
export function instalmentSchedule(amountPence: number, today: string, dueOn: string, count: number): PlanCharge[] {
  if (count <= 0 || amountPence <= 0) return [];
  const room = daysBetween(today, dueOn) - 1;
  const base = Math.floor(amountPence / count);
  const odd = amountPence - base * count;
  return Array.from({ length: count }, (_, k) => ({
    dueOn: addDays(today, Math.floor(((k + 1) * room) / count)),
    amountPence: base + (k < odd ? 1 : 0),
  }));
}

/**
 * Every way of paying this cart, in the order the customer sees them: Full Payment first, then the
 * deposit (when on, a balance remains and the due day is still ahead), our instalment plan (when
 * on, with the same conditions and time for 2-3 charges), and Klarna (when on).
 */
export function paymentOffers(input: OffersInput): PaymentOffer[] {
  const total = Math.max(0, Math.round(input.totalPence));
  const full: PaymentOffer = { plan: "full", label: "Full Payment", todayPence: total, duePence: 0, dueOn: null, schedule: [] };
  const offers: PaymentOffer[] = [full];
  const { options } = input;
  const dueOn = input.firstDay ? balanceDueOn(input.firstDay, options.balance_due_days) : null;
  // Inside the balance window (due day today or past) everything is paid at once.
  const ahead = dueOn !== null && daysBetween(input.today, dueOn) > 0;
  if (ahead && total > 0) {
    if (options.deposit_enabled) {
      const deposit = orderDeposit(options, input.lines, total);
      if (deposit > 0 && deposit < total) {
        offers.push({
          plan: "deposit",
          label: depositLabel(options),
          todayPence: deposit,
          duePence: total - deposit,
          dueOn,
          schedule: [{ dueOn, amountPence: total - deposit }],
        });
      }
    }
    const count = options.instalments_enabled ? instalmentCount(daysBetween(input.today, dueOn)) : 0;
    if (count > 0) {
      // Today's part: the deposit where deposits are on, else an equal share with the later charges.
      const deposit = options.deposit_enabled ? orderDeposit(options, input.lines, total) : Math.ceil(total / (count + 1));
      const rest = total - deposit;
      if (deposit > 0 && rest >= count) {
        const schedule = instalmentSchedule(rest, input.today, dueOn, count);
        offers.push({
          plan: "instalments",
          label: "Installment Plan",
          todayPence: deposit,
          duePence: rest,
          dueOn: schedule[schedule.length - 1]!.dueOn,
          schedule,
        });
      }
    }
  }
  if (options.klarna_enabled && total > 0) {
    offers.push({ plan: "klarna", label: "Klarna", todayPence: total, duePence: 0, dueOn: null, schedule: [] });
  }
  return offers;
}

/** The offer of one plan (null: not offered for this cart, e.g. a deposit inside the balance window). */
export function offerFor(input: OffersInput, plan: PlanKind): PaymentOffer | null {
  return paymentOffers(input).find((o) => o.plan === plan) ?? null;
}
