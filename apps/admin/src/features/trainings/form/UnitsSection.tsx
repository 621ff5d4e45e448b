import { TextField } from "@app/ui";
import { emptyUnit } from "../trainingForm";
import type { UnitDraft } from "../trainingForm";
import { AddButton, listEditor, RemoveButton, Section } from "./parts";
import type { SectionProps } from "./parts";

/** The course's units, by title. */
export function UnitsSection({ draft, set, errors, disabled }: SectionProps) {
  const units = listEditor(draft, set, "courseUnits");
  return (
    <Section title="Course Units">
      {draft.courseUnits.map((u: UnitDraft, i) => (
        <fieldset key={u.key} className="tr-row">
          <legend className="tr-row__legend">Unit {i + 1}</legend>
          <div className="tr-row__fields">
            <TextField
              label="Unit title"
              value={u.title}
              onChange={(e) => units.update(i, { title: e.target.value })}
              error={errors[`courseUnits.${i}.title`]}
              disabled={disabled}
            />
          </div>
          <RemoveButton label={`Remove unit ${i + 1}`} onClick={() => units.remove(i)} disabled={disabled} />
        </fieldset>
      ))}
      <AddButton onClick={() => units.add(emptyUnit())} disabled={disabled}>
        Add unit
      </AddButton>
    </Section>
  );
}
