import { useId } from "react";
import type { ChangeEvent } from "react";
import { ImagePlus } from "lucide-react";
import { Button } from "@app/ui";
import { imageFileProblem, readAsDataUrl } from "./imageFile";

interface Props {
  /** What to show: a data URL just chosen, or the absolute URL of the saved picture. */
  preview: string | undefined;
  onPick: (dataUrl: string) => void;
  /** Shown with the Remove button (add screen); the edit screen only offers 'Change Image'. */
  onRemove?: () => void;
  changeLabel: string;
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
  alt: string;
}

/**
 * The item picture: 'PNG, JPG up to 5MB'. A wrong type or size is said in the page under the
 * picker (spec §5 words), not in a browser alert.
 */
export function ImagePicker({ preview, onPick, onRemove, changeLabel, error, onError, disabled, alt }: Props) {
  const id = useId();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    onError(problem);
    if (problem) return;
    try {
      onPick(await readAsDataUrl(file));
    } catch {
      onError("Could not read the file");
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="sh-picker">
      <span className="ui-field__label" id={`${id}-label`}>
        Item Image
      </span>
      <div className={`sh-picker__frame${error ? " sh-picker__frame--invalid" : ""}`}>
        {preview ? (
          <img src={preview} alt={alt} className="sh-picker__img" />
        ) : (
          <label htmlFor={id} className="sh-picker__empty">
            <ImagePlus size={36} aria-hidden="true" />
            <span className="sh-picker__cta">Click to upload an image</span>
          </label>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/*"
        className="ui-visually-hidden"
        onChange={onFile}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      <div className="sh-picker__actions">
        {preview ? (
          <label htmlFor={id} className={`ui-button ui-button--secondary ui-button--sm sh-picker__change${disabled ? " sh-disabled" : ""}`}>
            {changeLabel}
          </label>
        ) : null}
        {preview && onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
            Remove
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="ui-field__hint">
        PNG, JPG up to 5MB
      </p>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
