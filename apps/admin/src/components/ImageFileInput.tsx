import type { InputHTMLAttributes } from "react";
import { takeChosenImage } from "../lib/imageFile";

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "className" | "onChange" | "onError" | "aria-describedby"
>;

interface ImageFileInputProps extends InputProps {
  /** Also the stem of the hint and error ids (see ImageHintAndError). */
  id: string;
  error: string | null | undefined;
  onPick: (dataUrl: string) => void;
  onError: (message: string | null) => void;
}

/**
 * The hidden file input of a picture chooser (the screen shows its own frame and a <label> as
 * the button): checks the file and hands it over as a data URL, see takeChosenImage.
 */
export function ImageFileInput({ id, error, onPick, onError, ...rest }: ImageFileInputProps) {
  return (
    <input
      {...rest}
      id={id}
      type="file"
      className="ui-visually-hidden"
      onChange={(event) => void takeChosenImage(event, onPick, onError)}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
    />
  );
}

/** The hint under a picture chooser and, when there is one, its error (announced at once). */
export function ImageHintAndError({ id, hint, error }: { id: string; hint: string; error: string | null | undefined }) {
  return (
    <>
      <p id={`${id}-hint`} className="ui-field__hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
