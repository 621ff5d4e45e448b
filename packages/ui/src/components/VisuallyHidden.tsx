import type { ComponentPropsWithRef } from "react";
import { cx } from "../utils";

export type VisuallyHiddenProps = ComponentPropsWithRef<"span">;

/** Content for screen readers only (class `ui-visually-hidden`). */
export function VisuallyHidden({ className, ...rest }: VisuallyHiddenProps) {
  return <span className={cx("ui-visually-hidden", className)} {...rest} />;
}
