import { TextField } from "@app/ui";
import { emptyDateRange } from "../trainingForm";
import type { DateRangeDraft } from "../trainingForm";
import { AddButton, listEditor, RemoveButton, Section } from "./parts";
import type { SectionProps } from "./parts";

/** The date ranges, each with its own seats (blank: the training's default). */
export function DatesSection({ draft, set, errors, disabled }: SectionProps) {
  const dates = listEditor(draft, set, "courseDates");
  const seatsDefault = draft.capacity.trim() || "0";
  return (
    <Section title="Course Dates *" error={errors.courseDates}>
      {draft.courseDates.map((d: DateRangeDraft, i) => (
        <fieldset key={d.key} className="tr-row">
          <legend className="tr-row__legend">Date range {i + 1}</legend>
          <div className="tr-row__fields tr-row__fields--dates">
            <TextField
              label="Start date"
              type="date"
              value={d.startDate}
              onChange={(e) => dates.update(i, { startDate: e.target.value })}
              error={errors[`courseDates.${i}.startDate`]}
              disabled={disabled}
            />
            <TextField
              label="End date"
              type="date"
              value={d.endDate}
              min={d.startDate || undefined}
              onChange={(e) => dates.update(i, { endDate: e.target.value })}
              error={errors[`courseDates.${i}.endDate`]}
              disabled={disabled}
            />
            <TextField
              label="Seats"
              type="number"
              inputMode="numeric"
              min={0}
              max={1000}
              step={1}
              placeholder={seatsDefault}
              value={d.capacity}
              onChange={(e) => dates.update(i, { capacity: e.target.value })}
              error={errors[`courseDates.${i}.capacity`]}
              hint={`Blank: ${seatsDefault}`}
              disabled={disabled}
            />
          </div>
          <RemoveButton label={`Remove date range ${i + 1}`} onClick={() => dates.remove(i)} disabled={disabled} />
        </fieldset>
      ))}
      <AddButton onClick={() => dates.add(emptyDateRange())} disabled={disabled}>
        Add date range
      </AddButton>
    </Section>
  );
}
