import { useId } from "react";
import { ImagePlus } from "lucide-react";
import { Button } from "@app/ui";
import { ImageFileInput, ImageHintAndError } from "../../components/ImageFileInput";

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
      <ImageFileInput
        id={id}
        accept="image/png,image/jpeg,image/*"
        error={error}
        onPick={onPick}
        onError={onError}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
      />
      <div className="sh-picker__actions">
        {preview ? (
          <label
            htmlFor={id}
            className={`ui-button ui-button--secondary ui-button--sm sh-picker__change${disabled ? " content-disabled" : ""}`}
          >
            {changeLabel}
          </label>
        ) : null}
        {preview && onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
            Remove
          </Button>
        ) : null}
      </div>
      <ImageHintAndError id={id} hint="PNG, JPG up to 5MB" error={error} />
    </div>
  );
}
