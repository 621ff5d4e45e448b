import type { ComponentType } from "react";

export type Reason = {
  Icon: ComponentType<{ size?: number; className?: string; "aria-hidden"?: "true" }>;
  title: string;
  text: string;
};

/** The icon-title-text list of the home page's "Why train with us" and the About page's values. */
export function ReasonList({ reasons }: { reasons: readonly Reason[] }) {
  return (
    <ul className="reasons">
      {reasons.map(({ Icon, title, text }) => (
        <li key={title} className="reason">
          <Icon size={26} aria-hidden="true" className="reason__icon" />
          <h3 className="reason__title">{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
