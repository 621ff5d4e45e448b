import { useId } from "react";
import type { ReactNode } from "react";
import { ImagePlus, Plus, Trash2 } from "lucide-react";
import { DESCRIPTION_MAX_CHARS } from "@app/contract";
import { Button, TextAreaField, TextField } from "@app/ui";
import { countWords, formatPounds } from "@app/ui/format";
import { apiAsset } from "../../lib/config";
import { ImageFileInput, ImageHintAndError } from "../../components/ImageFileInput";
import { TimeSlotDropdown } from "./TimeSlotDropdown";
import { emptyAddOn, emptyDateRange, emptyKeyPoint, emptyUnit, totalPrice } from "./trainingForm";
import type { AddOnDraft, DateRangeDraft, FieldErrors, KeyPointDraft, TrainingDraft, UnitDraft } from "./trainingForm";

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

/** "x/30000 words" (spec §2); the hard cap of 30000 characters is the textarea's maxLength. */
export function wordCounter(text: string): string {
  return `${countWords(text)}/${DESCRIPTION_MAX_CHARS} words`;
}

/** The edit screen's hint (spec §5): a word count against 'Max 3000 Words'; the limit is not enforced on save. */
export function editWordCounter(text: string): string {
  return `${countWords(text)} words (Max 3000 Words)`;
}

/** The fields of a training, shared by /create-training and the edit mode of /training/{id}. */
export function TrainingForm({ draft, onChange, errors, onImageError, disabled, mode = "create" }: Props) {
  const set = (patch: Partial<TrainingDraft>) => onChange({ ...draft, ...patch });
  const total = totalPrice(draft);

  function rows<K extends "courseDates" | "keyPoints" | "courseUnits" | "addOns">(key: K) {
    type Row = TrainingDraft[K][number];
    const list = draft[key] as Row[];
    return {
      update: (index: number, patch: Partial<Row>) =>
        set({ [key]: list.map((row, i) => (i === index ? { ...row, ...patch } : row)) } as Partial<TrainingDraft>),
      remove: (index: number) => set({ [key]: list.filter((_, i) => i !== index) } as Partial<TrainingDraft>),
      add: (row: Row) => set({ [key]: [...list, row] } as Partial<TrainingDraft>),
    };
  }
  const dates = rows("courseDates");
  const points = rows("keyPoints");
  const units = rows("courseUnits");
  const addOns = rows("addOns");
  const seatsDefault = draft.capacity.trim() || "0";

  return (
    <div className="tr-form">
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

      <Section title="Add-ons">
        {draft.addOns.map((a: AddOnDraft, i) => (
          <fieldset key={a.key} className="tr-row">
            <legend className="tr-row__legend">Add-on {i + 1}</legend>
            <div className="tr-row__fields tr-row__fields--addon">
              <TextField
                label="Name"
                value={a.name}
                onChange={(e) => addOns.update(i, { name: e.target.value })}
                error={errors[`addOns.${i}.name`]}
                disabled={disabled}
              />
              <TextField
                label="Price (£)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={a.price}
                onChange={(e) => addOns.update(i, { price: e.target.value })}
                error={errors[`addOns.${i}.price`]}
                disabled={disabled}
              />
              <TextAreaField
                label="Description"
                rows={2}
                fieldClassName="tr-row__wide"
                value={a.description}
                onChange={(e) => addOns.update(i, { description: e.target.value })}
                disabled={disabled}
              />
            </div>
            <RemoveButton label={`Remove add-on ${i + 1}`} onClick={() => addOns.remove(i)} disabled={disabled} />
          </fieldset>
        ))}
        <AddButton onClick={() => addOns.add(emptyAddOn())} disabled={disabled}>
          Add add-on
        </AddButton>
        {total !== null && draft.addOns.length > 0 ? (
          <p className="tr-total">
            Total with all add-ons: <span className="ui-price">{formatPounds(total)}</span>
          </p>
        ) : null}
      </Section>

      <Section title="Thumbnail">
        <ThumbnailPicker draft={draft} set={set} error={errors.thumbnail ?? errors.image} onImageError={onImageError} disabled={disabled} />
      </Section>
    </div>
  );
}

function Section({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="tr-section" aria-labelledby={id}>
      <h2 id={id} className="tr-section__title">
        {title}
      </h2>
      {children}
      {error ? (
        <p className="ui-field__error tr-section__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function AddButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={disabled} className="tr-add">
      <Plus size={18} aria-hidden="true" />
      {children}
    </Button>
  );
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="tr-remove" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Trash2 size={18} aria-hidden="true" />
    </button>
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
        <label htmlFor={id} className={`ui-button ui-button--secondary ui-button--sm tr-thumb__choose${disabled ? " content-disabled" : ""}`}>
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
