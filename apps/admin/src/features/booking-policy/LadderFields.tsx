import { Button, TextField } from "@app/ui";
import type { BandDraft, PolicyErrors } from "./policy-draft";

/**
 * A fee ladder: each band from N days before the start (and up to the next band) costs a percentage
 * of the course's price. One band must start at 0 days (the API says so when it is missing).
 */
export function LadderFields({
  id,
  legend,
  path,
  bands,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  legend: string;
  path: string;
  bands: BandDraft[];
  errors: PolicyErrors;
  disabled: boolean;
  onChange: (next: BandDraft[]) => void;
}) {
  const set = (i: number, band: Partial<BandDraft>) => onChange(bands.map((b, j) => (j === i ? { ...b, ...band } : b)));
  return (
    <fieldset className="policy-ladder">
      <legend>{legend}</legend>
      {errors[path] ? (
        <p className="policy-ladder__error" role="alert">
          {errors[path]}
        </p>
      ) : null}
      {bands.map((b, i) => (
        <div key={i} className="policy-ladder__band">
          <TextField
            id={`${id}-${i}-days`}
            label="From days before the start"
            inputMode="numeric"
            value={b.from_days}
            disabled={disabled}
            error={errors[`${path}.${i}.from_days`]}
            onChange={(e) => set(i, { from_days: e.target.value })}
          />
          <TextField
            id={`${id}-${i}-percent`}
            label="Fee (% of the price)"
            inputMode="numeric"
            value={b.percent}
            disabled={disabled}
            error={errors[`${path}.${i}.percent`]}
            onChange={(e) => set(i, { percent: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled || bands.length === 1}
            onClick={() => onChange(bands.filter((_, j) => j !== i))}
            aria-label={`Remove the band from ${b.from_days || "?"} days`}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={disabled || bands.length >= 10}
        onClick={() => onChange([...bands, { from_days: "", percent: "" }])}
      >
        Add a band
      </Button>
    </fieldset>
  );
}
