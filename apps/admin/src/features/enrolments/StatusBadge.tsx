import type { OrderStatus } from "@app/contract";
import { STATUS_LABELS } from "./model";

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`enrol-badge enrol-badge--${status}`}>{STATUS_LABELS[status]}</span>;
}
