import type { LucideIcon } from "lucide-react";

/** A second factor card's heading with its state badge ('On', '1 added', '8 left'), green while the factor is in use. */
export function SecurityCardHead({
  icon: Icon,
  title,
  badge,
  on = false,
}: {
  icon: LucideIcon;
  title: string;
  badge: string;
  on?: boolean;
}) {
  return (
    <div className="security-card__head">
      <h2 className="security-card__title">
        <Icon size={20} aria-hidden="true" /> {title}
      </h2>
      <span className={on ? "security-badge security-badge--on" : "security-badge"}>{badge}</span>
    </div>
  );
}
