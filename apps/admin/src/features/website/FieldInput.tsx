import { useId, useState } from "react";
import { TextAreaField, TextField } from "@app/ui";
import { ImageFileInput, ImageHintAndError } from "../../components/ImageFileInput";
import { apiAsset } from "../../lib/config";
import type { Field } from "./sections";

interface Props {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Makes labels unique in lists ('Answer, question 3'). */
  context?: string;
}

/** One field of a section's form, by its kind. */
export function FieldInput({ field, value, onChange, context }: Props) {
  const id = useId();
  const [imageError, setImageError] = useState<string | null>(null);
  const label = context ? `${field.label} (${context})` : field.label;
  const name = field.key;
  switch (field.kind) {
    case "markdown":
    case "textarea":
      return (
        <TextAreaField
          label={label}
          name={name}
          hint={field.hint}
          rows={field.kind === "markdown" ? 6 : 3}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "lines":
      return (
        <TextAreaField
          label={label}
          name={name}
          hint={field.hint}
          rows={3}
          value={((value as string[] | undefined) ?? []).join("\n")}
          onChange={(e) => onChange(e.target.value.split("\n").filter((line, i, all) => line.trim() || i === all.length - 1))}
        />
      );
    case "date":
      return (
        <TextField
          label={label}
          name={name}
          type="date"
          hint={field.hint}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value || (field.optional ? null : ""))}
        />
      );
    case "rating":
      return (
        <TextField
          label={label}
          name={name}
          type="number"
          min={1}
          max={5}
          value={String(value ?? "")}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      );
    case "image":
      return (
        <div className="ws-image">
          <span className="ui-field__label">{label}</span>
          {value ? <img src={apiAsset(String(value))} alt="" className="ws-image__img" /> : null}
          <div className="ws-image__actions">
            <label htmlFor={id} className="ui-button ui-button--secondary ui-button--sm">
              {value ? "Change picture" : "Add picture"}
            </label>
            {value ? (
              <button type="button" className="ui-button ui-button--ghost ui-button--sm" onClick={() => onChange(null)}>
                Remove picture
              </button>
            ) : null}
          </div>
          <ImageFileInput id={id} error={imageError} onPick={(dataUrl) => onChange(dataUrl)} onError={setImageError} />
          <ImageHintAndError id={id} hint="PNG, JPG up to 5MB" error={imageError} />
        </div>
      );
    default:
      return (
        <TextField
          label={label}
          name={name}
          hint={field.hint}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
