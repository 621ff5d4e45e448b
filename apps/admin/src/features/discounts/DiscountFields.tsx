import { useId } from "react";
import { Shuffle } from "lucide-react";
import { Button, TextField } from "@app/ui";
import { generateCode, toCodeInput } from "./discountForm";
import type { DiscountDraft, DiscountErrors, DiscountField } from "./discountForm";
import { useCourseChoices } from "./api";

export interface DiscountLabels {
  code: string;
  percent: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
}

interface Props {
  draft: DiscountDraft;
  onChange: <K extends DiscountField>(field: K, value: DiscountDraft[K]) => void;
  errors: DiscountErrors;
  labels: DiscountLabels;
  /** Shows the 'Generate' button beside the code (create screen). */
  canGenerate?: boolean;
  disabled?: boolean;
  /** Earliest allowed start (create: today). */
  minFrom?: string;
}

/**
 * The inputs of a discount code, shared by /create-code and the edit mode of /discount/{id}: the
 * spec's five, plus a percentage or a fixed amount (£ off) and the courses it is limited to.
 */
export function DiscountFields({ draft, onChange, errors, labels, canGenerate, disabled, minFrom }: Props) {
  const kindName = useId();
  return (
    <div className="dc-fields">
      <div className="dc-fields__code">
        <TextField
          label={labels.code}
          value={draft.code}
          onChange={(e) => onChange("code", toCodeInput(e.target.value))}
          error={errors.code}
          hint="Capital letters and numbers, at least 3 characters"
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="dc-code-input"
        />
        {canGenerate ? (
          <Button
            variant="secondary"
            onClick={() => onChange("code", generateCode())}
            disabled={disabled}
            className="dc-generate"
          >
            <Shuffle size={18} aria-hidden="true" />
            Generate
          </Button>
        ) : null}
      </div>
      <fieldset className="dc-kind">
        <legend className="ui-field__label">Discount type</legend>
        <label className="dc-kind__choice">
          <input
            type="radio"
            name={kindName}
            checked={draft.kind === "percent"}
            onChange={() => onChange("kind", "percent")}
            disabled={disabled}
          />
          Percentage off (%)
        </label>
        <label className="dc-kind__choice">
          <input
            type="radio"
            name={kindName}
            checked={draft.kind === "amount"}
            onChange={() => onChange("kind", "amount")}
            disabled={disabled}
          />
          Fixed amount off (£)
        </label>
      </fieldset>
      {draft.kind === "percent" ? (
        <TextField
          label={labels.percent}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          value={draft.percent}
          onChange={(e) => onChange("percent", e.target.value)}
          error={errors.percent}
          disabled={disabled}
        />
      ) : (
        <TextField
          label="Amount Off (£)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={draft.amount}
          onChange={(e) => onChange("amount", e.target.value)}
          error={errors.amount}
          hint="Taken off the order; a total never goes below £0"
          disabled={disabled}
        />
      )}
      <TextField
        label={labels.maxUses}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft.maxUses}
        onChange={(e) => onChange("maxUses", e.target.value)}
        error={errors.maxUses}
        disabled={disabled}
      />
      <TextField
        label={labels.validFrom}
        type="date"
        min={minFrom}
        value={draft.validFrom}
        onChange={(e) => onChange("validFrom", e.target.value)}
        error={errors.validFrom}
        disabled={disabled}
      />
      <TextField
        label={labels.validUntil}
        type="date"
        min={draft.validFrom || minFrom}
        value={draft.validUntil}
        onChange={(e) => onChange("validUntil", e.target.value)}
        error={errors.validUntil}
        disabled={disabled}
      />
      <CourseLimit
        selected={draft.courseIds}
        onChange={(ids) => onChange("courseIds", ids)}
        error={errors.courseIds}
        disabled={disabled}
      />
    </div>
  );
}

/** 'Limit to courses': a checkbox per course (drafts too); none ticked = every course. */
function CourseLimit({
  selected,
  onChange,
  error,
  disabled,
}: {
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const courses = useCourseChoices();
  const hintId = useId();
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <fieldset className="dc-courses" aria-describedby={hintId}>
      <legend className="ui-field__label">Limit to courses</legend>
      <p id={hintId} className="ui-field__hint">
        {selected.length === 0
          ? "None ticked: the code works for every course."
          : `Works only for the ${selected.length} ticked course${selected.length === 1 ? "" : "s"}.`}
      </p>
      {courses.isPending ? (
        <p className="ui-muted">Loading courses...</p>
      ) : courses.isError ? (
        <p className="ui-field__error">Courses could not be loaded</p>
      ) : (
        <ul className="dc-courses__list">
          {courses.data.map((c) => (
            <li key={c.id}>
              <label className="dc-kind__choice">
                <input
                  type="checkbox"
                  checked={selected.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                  disabled={disabled}
                />
                {c.title}
                {c.status === "draft" ? <span className="ui-muted"> (draft)</span> : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="ui-field__error">{error}</p> : null}
    </fieldset>
  );
}
