import { DetailsSection } from "./form/DetailsSection";
import { DatesSection } from "./form/DatesSection";
import { KeyPointsSection } from "./form/KeyPointsSection";
import { UnitsSection } from "./form/UnitsSection";
import { AddOnsSection } from "./form/AddOnsSection";
import { ThumbnailSection } from "./form/ThumbnailSection";
import { StatusSection } from "./form/StatusSection";
import type { FieldErrors, TrainingDraft } from "./trainingForm";

export { editWordCounter, wordCounter } from "./form/DetailsSection";

interface Props {
  draft: TrainingDraft;
  onChange: (next: TrainingDraft) => void;
  errors: FieldErrors;
  /** Errors of the picture chooser (wrong type, too big): shown at once, not part of the schema. */
  onImageError: (message: string | null) => void;
  disabled?: boolean;
  /** Which description hint to show: 'x/30000 words' on /create-training, 'Max 3000 Words' when editing. */
  mode?: "create" | "edit";
}

/**
 * The fields of a training, shared by /create-training and the edit mode of /training/{id}: one
 * section component each (form/), all editing the same working copy through `set`.
 */
export function TrainingForm({ draft, onChange, errors, onImageError, disabled, mode = "create" }: Props) {
  const set = (patch: Partial<TrainingDraft>) => onChange({ ...draft, ...patch });
  const section = { draft, set, errors, disabled };
  return (
    <div className="tr-form">
      <DetailsSection {...section} mode={mode} />
      <DatesSection {...section} />
      <KeyPointsSection {...section} />
      <UnitsSection {...section} />
      <AddOnsSection {...section} />
      <ThumbnailSection {...section} onImageError={onImageError} />
      {mode === "create" ? <StatusSection {...section} /> : null}
    </div>
  );
}
