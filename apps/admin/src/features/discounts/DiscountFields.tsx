import { Shuffle } from "lucide-react";
import { Button, TextField } from "@app/ui";
import { generateCode, toCodeInput } from "./discountForm";
import type { DiscountDraft, DiscountErrors, DiscountField } from "./discountForm";

export interface DiscountLabels {
  code: string;
  percent: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
}

interface Props {
  draft: DiscountDraft;
  onChange: (field: DiscountField, value: string) => void;
  errors: DiscountErrors;
  labels: DiscountLabels;
  /** Shows the 'Generate' button beside the code (create screen). */
  canGenerate?: boolean;
  disabled?: boolean;
  /** Earliest allowed start (create: today). */
  minFrom?: string;
}

/** The five inputs of a discount code, shared by /create-code and the edit mode of /discount/{id}. */
export function DiscountFields({ draft, onChange, errors, labels, canGenerate, disabled, minFrom }: Props) {
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
          <Button variant="secondary" onClick={() => onChange("code", generateCode())} disabled={disabled} className="dc-generate">
            <Shuffle size={18} aria-hidden="true" />
            Generate
          </Button>
        ) : null}
      </div>
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
    </div>
  );
}
