import { useState } from "react";
import { CalendarPlus } from "lucide-react";
import { Button, TextField } from "@app/ui";
import { DEFAULT_SEAT_CAPACITY, seriesDates } from "@app/contract";
import { bankHolidaysBetween, formatDateRange } from "@app/rules";
import { emptyDateRange, newKey } from "../trainingForm";
import type { DateRangeDraft } from "../trainingForm";
import { RepeatingDatesDialog } from "../RepeatingDatesDialog";
import { AddButton, listEditor, RemoveButton, Section } from "./parts";
import type { SectionProps } from "./parts";

/**
 * The date ranges, each with its own seats (blank: the training's default); a blank end date is a
 * one-day date. 'Add repeating dates' adds a series to the working copy, saved with the form.
 */
export function DatesSection({ draft, set, errors, disabled }: SectionProps) {
  const dates = listEditor(draft, set, "courseDates");
  const seatsDefault = draft.capacity.trim() || "0";
  const [seriesOpen, setSeriesOpen] = useState(false);
  const isBlank = (d: DateRangeDraft) => !d.startDate && !d.endDate && !d.capacity;
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
              hint="Blank: a one-day date"
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
          <BankHolidayWarning start={d.startDate} end={d.endDate} />
          <RemoveButton label={`Remove date range ${i + 1}`} onClick={() => dates.remove(i)} disabled={disabled} />
        </fieldset>
      ))}
      <div className="tr-row-actions tr-row-actions--start">
        <AddButton onClick={() => dates.add(emptyDateRange())} disabled={disabled}>
          Add date range
        </AddButton>
        <Button variant="secondary" size="sm" onClick={() => setSeriesOpen(true)} disabled={disabled}>
          <CalendarPlus size={18} aria-hidden="true" />
          Add repeating dates
        </Button>
      </div>
      {seriesOpen ? (
        <RepeatingDatesDialog
          open
          onClose={() => setSeriesOpen(false)}
          defaultCapacity={Number(draft.capacity) || DEFAULT_SEAT_CAPACITY}
          onAdd={(input) => {
            const added = seriesDates(input).map((d) => ({
              key: newKey("date"),
              startDate: d.startDate,
              endDate: d.endDate === d.startDate ? "" : d.endDate,
              capacity: String(input.capacity),
            }));
            // The series replaces the empty range a new form starts with.
            set({ courseDates: [...draft.courseDates.filter((d) => !isBlank(d)), ...added] });
            setSeriesOpen(false);
          }}
        />
      ) : null}
    </Section>
  );
}

/**
 * A warning (not a refusal) when a date range covers an England and Wales bank holiday (attendee changes,
 * decision 338): the office may run a course then, but should know.
 */
function BankHolidayWarning({ start, end }: { start: string; end: string }) {
  const holidays = start ? bankHolidaysBetween(start, end) : [];
  if (!holidays.length) return null;
  return (
    <p className="tr-row__warning" role="status">
      Bank holiday: {holidays.map((h) => `${h.name} (${formatDateRange(h.date, h.date)})`).join(", ")}. Check this date is meant,
      as the centre is usually closed on bank holidays in England and Wales.
    </p>
  );
}
