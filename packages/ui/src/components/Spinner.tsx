import type { ComponentPropsWithRef } from "react";
import { cx } from "../utils";

export type SpinnerSize = "sm" | "md" | "lg";

export interface SpinnerProps extends Omit<ComponentPropsWithRef<"span">, "children"> {
  size?: SpinnerSize;
  /** Text for screen readers. Pass `null` when a visible label already says it (e.g. inside a busy button). */
  label?: string | null;
}

/** A rotating ring. It has no live-region role: announce loading states where they happen. */
export function Spinner({ size = "md", label = "Loading", className, ...rest }: SpinnerProps) {
  return (
    <span className={cx("ui-spinner", `ui-spinner--${size}`, className)} {...rest}>
      <span className="ui-spinner__ring" aria-hidden="true" />
      {label ? <span className="ui-visually-hidden">{label}</span> : null}
    </span>
  );
}
