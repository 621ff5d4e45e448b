import type { DiscountStatus } from "@app/contract";
import { STATUS_LABELS } from "./discountForm";

/** Active (green), Scheduled (blue), Expired (grey) or Used up (red). */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <span className={`dc-status dc-status--${status}`}>{STATUS_LABELS[status]}</span>;
}
