import { customType, timestamp } from "drizzle-orm/pg-core";

/** Raw bytes (image variants). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType() {
    return "bytea";
  },
});

/** Every timestamp is timezone-aware and surfaced as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => tstz("created_at").notNull().defaultNow();
export const updatedAt = () => tstz("updated_at").notNull().defaultNow();

/** How an order is paid (orders.payment_plan). */
export type PaymentPlan = "full" | "deposit" | "instalments" | "klarna";

/**
 * The office's payment options (payment_settings.options site-wide; courses.payment_options per
 * course, null meaning the site-wide ones; orders.payment_terms as in force when the order was placed).
 */
export type PaymentOptions = {
  deposit_enabled: boolean;
  /** 'fixed': deposit_value pence per place; 'percent': deposit_value % of the place's price. */
  deposit_kind: "fixed" | "percent";
  deposit_value: number;
  /** The balance is due this many days before the first day; booking inside that window pays in full. */
  balance_due_days: number;
  instalments_enabled: boolean;
  klarna_enabled: boolean;
  /** An unpaid balance after its due day: keep the place (chase by hand) or release it after N days. */
  overdue_action: "keep" | "release";
  overdue_release_days: number;
  /** The learner's results and certificate wait until the order is paid in full. */
  hold_results_until_paid: boolean;
};
