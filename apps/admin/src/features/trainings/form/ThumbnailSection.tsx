import { useId } from "react";
import { ImagePlus } from "lucide-react";
import { Button } from "@app/ui";
import { apiAsset } from "../../../lib/config";
import { ImageFileInput, ImageHintAndError } from "../../../components/ImageFileInput";
import type { TrainingDraft } from "../trainingForm";
import { Section } from "./parts";
import type { SectionProps } from "./parts";

/** The picture: a preview, choose or change, remove a newly chosen one. */
export function ThumbnailSection({
  draft,
  set,
  errors,
  disabled,
  onImageError,
}: SectionProps & { onImageError: (message: string | null) => void }) {
  return (
    <Section title="Thumbnail">
      <ThumbnailPicker
        draft={draft}
        set={set}
        error={errors.thumbnail ?? errors.image}
        onImageError={onImageError}
        disabled={disabled}
      />
    </Section>
  );
}

function ThumbnailPicker({
  draft,
  set,
  error,
  onImageError,
  disabled,
}: {
  draft: TrainingDraft;
  set: (patch: Partial<TrainingDraft>) => void;
  error?: string;
  onImageError: (message: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const preview = draft.newThumbnail ?? apiAsset(draft.currentThumbnail);

  return (
    <div className="tr-thumb">
      <div className="tr-thumb__frame">
        {preview ? (
          <img src={preview} alt="Thumbnail preview" className="tr-thumb__img" />
        ) : (
          <div className="tr-thumb__empty">
            <ImagePlus size={36} aria-hidden="true" />
            <span>No picture yet</span>
          </div>
        )}
      </div>
      <div className="tr-thumb__side">
        <ImageFileInput
          id={id}
          accept="image/*"
          error={error}
          onPick={(dataUrl) => set({ newThumbnail: dataUrl })}
          onError={onImageError}
          disabled={disabled}
        />
        <label
          htmlFor={id}
          className={`ui-button ui-button--secondary ui-button--sm tr-thumb__choose${disabled ? " content-disabled" : ""}`}
        >
          {preview ? "Change Image" : "Upload Thumbnail"}
        </label>
        {draft.newThumbnail ? (
          <Button variant="ghost" size="sm" onClick={() => set({ newThumbnail: null })} disabled={disabled}>
            Remove
          </Button>
        ) : null}
        <ImageHintAndError id={id} hint="Any image type, recommended 800x450px (16:9)" error={error} />
      </div>
    </div>
  );
}
