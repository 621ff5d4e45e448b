import { TextAreaField, TextField } from "@app/ui";
import { emptyKeyPoint } from "../trainingForm";
import type { KeyPointDraft } from "../trainingForm";
import { AddButton, listEditor, RemoveButton, Section } from "./parts";
import type { SectionProps } from "./parts";

/** The course's key points: a title and details each. */
export function KeyPointsSection({ draft, set, errors, disabled }: SectionProps) {
  const points = listEditor(draft, set, "keyPoints");
  return (
    <Section title="Key Points">
      {draft.keyPoints.map((k: KeyPointDraft, i) => (
        <fieldset key={k.key} className="tr-row">
          <legend className="tr-row__legend">Key point {i + 1}</legend>
          <div className="tr-row__fields">
            <TextField
              label="Title"
              value={k.title}
              onChange={(e) => points.update(i, { title: e.target.value })}
              error={errors[`keyPoints.${i}.title`]}
              disabled={disabled}
            />
            <TextAreaField
              label="Details"
              rows={2}
              value={k.details}
              onChange={(e) => points.update(i, { details: e.target.value })}
              disabled={disabled}
            />
          </div>
          <RemoveButton label={`Remove key point ${i + 1}`} onClick={() => points.remove(i)} disabled={disabled} />
        </fieldset>
      ))}
      <AddButton onClick={() => points.add(emptyKeyPoint())} disabled={disabled}>
        Add key point
      </AddButton>
    </Section>
  );
}
