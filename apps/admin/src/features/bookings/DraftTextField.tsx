import type { ComponentProps } from "react";
import { TextField } from "@app/ui";

/**
 * One text field of a booking draft: its value, its error and its edit by the field's name, so a form
 * section lists its fields instead of repeating the same wiring for each.
 */
export function DraftTextField<K extends string>({
  name,
  draft,
  errors,
  edit,
  upperCase = false,
  ...props
}: {
  name: K;
  draft: Record<K, string>;
  errors: Partial<Record<string, string>>;
  edit: (field: K, value: string) => void;
  /** Codes and postcodes are kept in capitals as they are typed. */
  upperCase?: boolean;
} & Omit<ComponentProps<typeof TextField>, "name" | "value" | "onChange" | "error">) {
  return (
    <TextField
      {...props}
      value={draft[name]}
      onChange={(e) => edit(name, upperCase ? e.target.value.toUpperCase() : e.target.value)}
      error={errors[name]}
    />
  );
}
