import { DESCRIPTION_MAX_CHARS } from "@app/contract";
import { TextAreaField, TextField } from "@app/ui";
import { countWords } from "@app/ui/format";
import { TimeSlotDropdown } from "../TimeSlotDropdown";
import { Section } from "./parts";
import type { SectionProps } from "./parts";

/** "x/30000 words" (spec §2); the hard cap of 30000 characters is the textarea's maxLength. */
export function wordCounter(text: string): string {
  return `${countWords(text)}/${DESCRIPTION_MAX_CHARS} words`;
}

/** The edit screen's hint (spec §5): a word count against 'Max 3000 Words'; the limit is not enforced on save. */
export function editWordCounter(text: string): string {
  return `${countWords(text)} words (Max 3000 Words)`;
}

/** Title, description, fee, duration, time slot and the default seats per date. */
export function DetailsSection({ draft, set, errors, disabled, mode }: SectionProps & { mode: "create" | "edit" }) {
  return (
    <Section title="Course details">
      <TextField
        label="Course Title *"
        value={draft.title}
        onChange={(e) => set({ title: e.target.value })}
        error={errors.title}
        disabled={disabled}
        autoComplete="off"
      />
      <TextAreaField
        label="Course Description *"
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        error={errors.description}
        hint={mode === "edit" ? editWordCounter(draft.description) : wordCounter(draft.description)}
        maxLength={DESCRIPTION_MAX_CHARS}
        rows={8}
        disabled={disabled}
      />
      <div className="tr-grid">
        <TextField
          label="Training Fee (£) *"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={draft.price}
          onChange={(e) => set({ price: e.target.value })}
          error={errors.price}
          disabled={disabled}
        />
        <TextField
          label="Duration *"
          placeholder="3 - 5 Days"
          value={draft.duration}
          onChange={(e) => set({ duration: e.target.value })}
          error={errors.duration}
          disabled={disabled}
          autoComplete="off"
        />
        <TimeSlotDropdown value={draft.time} onChange={(time) => set({ time })} disabled={disabled} />
        <TextField
          label="Seats per date"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          value={draft.capacity}
          onChange={(e) => set({ capacity: e.target.value })}
          error={errors.capacity}
          hint="The default for every date below"
          disabled={disabled}
        />
      </div>
    </Section>
  );
}
