import { useId } from "react";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx } from "../utils";

/** Props every field shares. The caller writes the label text, including any required marker ('First name*'). */
export interface FieldBaseProps {
  label: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error text under the control; sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** Class on the wrapping `.ui-field` element (the `className` prop goes to the control). */
  fieldClassName?: string;
}

interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, ariaDescribedBy: string | undefined): FieldIds {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = hasContent(hint) ? `${controlId}-hint` : undefined;
  const errorId = hasContent(error) ? `${controlId}-error` : undefined;
  const describedBy = [ariaDescribedBy, hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

function FieldHint({ hint, hintId }: { hint: ReactNode; hintId?: string }) {
  return hintId ? (
    <p id={hintId} className="ui-field__hint">
      {hint}
    </p>
  ) : null;
}

function FieldError({ error, errorId }: { error: ReactNode; errorId?: string }) {
  return errorId ? (
    <p id={errorId} className="ui-field__error">
      {error}
    </p>
  ) : null;
}

export type TextFieldProps = FieldBaseProps & ComponentPropsWithRef<"input">;

/** Label + `<input>` (any text-like type) + hint + error. */
export function TextField({
  label,
  hint,
  error,
  fieldClassName,
  id,
  className,
  "aria-describedby": ariaDescribedBy,
  type = "text",
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const invalid = ids.errorId !== undefined;
  return (
    <div className={cx("ui-field", invalid && "ui-field--invalid", fieldClassName)}>
      <label className="ui-field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <FieldHint hint={hint} hintId={ids.hintId} />
      <input
        id={ids.controlId}
        type={type}
        className={cx("ui-input", className)}
        aria-invalid={invalid || undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
      <FieldError error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldBaseProps & ComponentPropsWithRef<"textarea">;

/** Label + `<textarea>` + hint + error. */
export function TextAreaField({
  label,
  hint,
  error,
  fieldClassName,
  id,
  className,
  "aria-describedby": ariaDescribedBy,
  rows = 5,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const invalid = ids.errorId !== undefined;
  return (
    <div className={cx("ui-field", invalid && "ui-field--invalid", fieldClassName)}>
      <label className="ui-field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <FieldHint hint={hint} hintId={ids.hintId} />
      <textarea
        id={ids.controlId}
        rows={rows}
        className={cx("ui-input", "ui-textarea", className)}
        aria-invalid={invalid || undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
      <FieldError error={error} errorId={ids.errorId} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldBaseProps &
  ComponentPropsWithRef<"select"> & {
    /** Options to render; alternatively pass `<option>` children. */
    options?: readonly SelectOption[];
    /** A first, empty-valued option such as 'Select a country'. */
    placeholder?: string;
  };

/** Label + native `<select>` + hint + error. */
export function SelectField({
  label,
  hint,
  error,
  fieldClassName,
  id,
  className,
  "aria-describedby": ariaDescribedBy,
  options,
  placeholder,
  children,
  ...rest
}: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const invalid = ids.errorId !== undefined;
  return (
    <div className={cx("ui-field", invalid && "ui-field--invalid", fieldClassName)}>
      <label className="ui-field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <FieldHint hint={hint} hintId={ids.hintId} />
      <select
        id={ids.controlId}
        className={cx("ui-input", "ui-select", className)}
        aria-invalid={invalid || undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <FieldError error={error} errorId={ids.errorId} />
    </div>
  );
}

export type CheckboxFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<"input">, "type">;

/** A checkbox with its label beside it (e.g. the contact form's consent), hint and error below. */
export function CheckboxField({
  label,
  hint,
  error,
  fieldClassName,
  id,
  className,
  "aria-describedby": ariaDescribedBy,
  ...rest
}: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const invalid = ids.errorId !== undefined;
  return (
    <div className={cx("ui-field", "ui-field--checkbox", invalid && "ui-field--invalid", fieldClassName)}>
      <div className="ui-checkbox">
        <input
          id={ids.controlId}
          type="checkbox"
          className={cx("ui-checkbox__input", className)}
          aria-invalid={invalid || undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        <label className="ui-checkbox__label" htmlFor={ids.controlId}>
          {label}
        </label>
      </div>
      <FieldHint hint={hint} hintId={ids.hintId} />
      <FieldError error={error} errorId={ids.errorId} />
    </div>
  );
}
