import type { ComponentPropsWithRef, ElementType, ReactNode } from "react";
import { cx } from "../utils";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonStyleOptions {
  /** primary = amber call to action, secondary = navy outline, ghost = text only, danger = red. Default primary. */
  variant?: ButtonVariant;
  /** sm = 36px high (secondary actions), md = 44px (default, main actions), lg = 52px (hero calls to action). */
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/**
 * The class names of a button look, for elements that are not `Button`/`ButtonLink`
 * (e.g. `<Link className={buttonClassName({ variant: "secondary" })}>`).
 */
export function buttonClassName({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cx("ui-button", `ui-button--${variant}`, `ui-button--${size}`, fullWidth && "ui-button--full", className);
}

export interface ButtonProps extends ButtonStyleOptions, ComponentPropsWithRef<"button"> {
  /** Shows a spinner, disables the button and sets `aria-busy`. */
  loading?: boolean;
  /** Text shown while loading, e.g. 'Please wait ...' or 'Submitting...'. Defaults to the children. */
  loadingLabel?: ReactNode;
}

/** A `<button>` (type="button" unless told otherwise). */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  loading = false,
  loadingLabel,
  disabled,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className: cx(loading && "ui-button--loading", className) })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={null} className="ui-button__spinner" /> : null}
      {loading && loadingLabel !== undefined ? loadingLabel : children}
    </button>
  );
}

export type ButtonLinkProps<C extends ElementType = "a"> = ButtonStyleOptions & {
  /** Render another component with the button look, e.g. react-router's `Link` (then pass `to`). Default `a`. */
  as?: C;
} & Omit<ComponentPropsWithRef<C>, keyof ButtonStyleOptions | "as">;

/** A link that looks like a button: `<ButtonLink href="/all-courses">` or `<ButtonLink as={Link} to="/cart">`. */
export function ButtonLink<C extends ElementType = "a">({
  as,
  variant,
  size,
  fullWidth,
  className,
  ...rest
}: ButtonLinkProps<C>) {
  const Component: ElementType = as ?? "a";
  return <Component className={buttonClassName({ variant, size, fullWidth, className })} {...rest} />;
}
