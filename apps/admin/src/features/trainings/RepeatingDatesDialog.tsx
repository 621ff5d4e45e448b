/**
 * 'Add repeating dates': first date, days in each run (Mon–Sat = 6 from a Monday), repeat every N
 * weeks, until a last start date or for a number of dates, one capacity; a preview of the dates
 * before anything is added. The caller adds them (the API in one transaction, or the form's draft).
 */
import { useId, useState } from "react";
import type { FormEvent } from "react";
import { Button, Modal, TextField } from "@app/ui";
import { formatDateRange } from "@app/ui/format";
import { runWeekdays, SERIES_MAX_DATES } from "@app/contract";
import type { CourseSeriesInput } from "@app/contract";
import { emptySeries, previewSeries, toSeriesPayload, validateSeries } from "./seriesForm";
import type { SeriesDraft, SeriesErrors } from "./seriesForm";

interface Props {
  open: boolean;
  onClose: () => void;
  /** Seats the capacity field starts with (the course's default). */
  defaultCapacity: number;
  onAdd: (input: CourseSeriesInput) => void;
  busy?: boolean;
  /** Errors the server found (field name → message), shown under the fields. */
  serverErrors?: SeriesErrors;
}

export function RepeatingDatesDialog({ open, onClose, defaultCapacity, onAdd, busy, serverErrors }: Props) {
  const [draft, setDraft] = useState<SeriesDraft>(() => emptySeries(defaultCapacity));
  const [errors, setErrors] = useState<SeriesErrors>({});
  const formId = useId();
  const change = (patch: Partial<SeriesDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof SeriesDraft];
      return next;
    });
  };
  const preview = previewSeries(draft);
  const shown = { ...serverErrors, ...errors };
  const run = runWeekdays(draft.startDate, Number(draft.runDays));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Rendered in a portal inside the training form: React would carry the submit up to that form.
    event.stopPropagation();
    const found = validateSeries(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onAdd(toSeriesPayload(draft));
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add repeating dates"
      size="md"
      footer={
        <div className="tr-series__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingLabel="Adding...">
            {preview.length ? `Add ${preview.length} date${preview.length === 1 ? "" : "s"}` : "Add dates"}
          </Button>
        </div>
      }
    >
      <form id={formId} className="tr-series" onSubmit={submit} noValidate>
        <div className="tr-series__grid">
          <TextField
            label="First date"
            type="date"
            value={draft.startDate}
            onChange={(e) => change({ startDate: e.target.value })}
            error={shown.startDate}
          />
          <TextField
            label="Days in each run"
            type="number"
            inputMode="numeric"
            min={1}
            max={14}
            value={draft.runDays}
            onChange={(e) => change({ runDays: e.target.value })}
            hint={run ? `Each run: ${run}` : "1 for one-day dates"}
            error={shown.runDays}
          />
          <TextField
            label="Repeat every (weeks)"
            type="number"
            inputMode="numeric"
            min={1}
            max={52}
            value={draft.everyWeeks}
            onChange={(e) => change({ everyWeeks: e.target.value })}
            error={shown.everyWeeks}
          />
          <TextField
            label="Places per date"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={draft.capacity}
            onChange={(e) => change({ capacity: e.target.value })}
            error={shown.capacity}
          />
        </div>
        <fieldset className="tr-series__ends">
          <legend className="ui-field__label">Ends</legend>
          <label className="tr-series__choice">
            <input
              type="radio"
              name={`${formId}-ends`}
              checked={draft.ends === "until"}
              onChange={() => change({ ends: "until", count: "" })}
            />
            On a date
          </label>
          <label className="tr-series__choice">
            <input
              type="radio"
              name={`${formId}-ends`}
              checked={draft.ends === "count"}
              onChange={() => change({ ends: "count", until: "" })}
            />
            After a number of dates
          </label>
          {draft.ends === "until" ? (
            <TextField
              label="Last start date"
              type="date"
              value={draft.until}
              min={draft.startDate || undefined}
              onChange={(e) => change({ until: e.target.value })}
              error={shown.until}
            />
          ) : (
            <TextField
              label="Number of dates"
              type="number"
              inputMode="numeric"
              min={1}
              max={SERIES_MAX_DATES}
              value={draft.count}
              onChange={(e) => change({ count: e.target.value })}
              error={shown.count}
            />
          )}
        </fieldset>
        <section className="tr-series__preview" aria-live="polite" aria-label="Preview of the dates">
          <h3 className="tr-series__preview-title">
            {preview.length
              ? `${preview.length} date${preview.length === 1 ? "" : "s"}, ${draft.capacity} places each`
              : "Preview"}
          </h3>
          {preview.length ? (
            <ol className="tr-series__list">
              {preview.map((d) => (
                <li key={d.startDate}>{formatDateRange(d.startDate, d.endDate)}</li>
              ))}
            </ol>
          ) : (
            <p className="ui-muted">Fill in the fields to see the dates.</p>
          )}
        </section>
      </form>
    </Modal>
  );
}
