/**
 * The training form's draft as the contract's create and update payloads: untouched rows left
 * out, blank numbers left to the schema's "required" message, ids kept on update.
 */
import type { TrainingCreateInput, TrainingUpdateInput } from "@app/contract";
import { blank } from "./trainingForm";
import type { AddOnDraft, DateRangeDraft, KeyPointDraft, TrainingDraft, UnitDraft } from "./trainingForm";

/** Blank text -> undefined (so the schema's "required" message applies); otherwise the number, NaN included. */
function numberOrUndefined(text: string): number | undefined {
  const t = text.trim();
  return t === "" ? undefined : Number(t);
}

/**
 * Rows the user never filled in are not data: an untouched date row means "no date yet"
 * (so the form says 'At least one course date is required'), an untouched add-on row is ignored.
 * Each kept row remembers its index in the draft so an issue lands on the right input.
 */
function kept<T>(rows: T[], isEmpty: (row: T) => boolean): Array<{ row: T; index: number }> {
  return rows.map((row, index) => ({ row, index })).filter(({ row }) => !isEmpty(row));
}

export interface Prepared {
  dates: Array<{ row: DateRangeDraft; index: number }>;
  keyPoints: Array<{ row: KeyPointDraft; index: number }>;
  units: Array<{ row: UnitDraft; index: number }>;
  addOns: Array<{ row: AddOnDraft; index: number }>;
}

export function prepare(draft: TrainingDraft): Prepared {
  return {
    dates: kept(draft.courseDates, (d) => blank(d.startDate) && blank(d.endDate) && blank(d.capacity)),
    keyPoints: kept(draft.keyPoints, (k) => blank(k.title) && blank(k.details)),
    units: kept(draft.courseUnits, (u) => blank(u.title)),
    addOns: kept(draft.addOns, (a) => blank(a.name) && blank(a.price) && blank(a.description)),
  };
}

function datePayload(d: DateRangeDraft, withId: boolean) {
  const capacity = numberOrUndefined(d.capacity);
  return {
    ...(withId && d.id !== undefined ? { id: d.id } : {}),
    startDate: d.startDate,
    // Blank end date: a one-day date (the API reads it as ending the day it starts).
    ...(blank(d.endDate) ? {} : { endDate: d.endDate }),
    ...(capacity !== undefined ? { capacity } : {}),
  };
}

function commonPayload(draft: TrainingDraft, p: Prepared, withIds: boolean) {
  return {
    title: draft.title,
    description: draft.description,
    duration: draft.duration,
    time: draft.time,
    capacity: numberOrUndefined(draft.capacity) ?? 0,
    courseDates: p.dates.map(({ row }) => datePayload(row, withIds)),
    keyPoints: p.keyPoints.map(({ row }) => ({ title: row.title, details: row.details })),
    courseUnits: p.units.map(({ row }) => ({ title: row.title })),
    addOns: p.addOns.map(({ row }) => ({
      ...(withIds && row.id !== undefined ? { id: row.id } : {}),
      name: row.name,
      // Blank price on a named add-on: a free extra (the input's minimum is 0).
      price: numberOrUndefined(row.price) ?? 0,
      description: row.description,
    })),
  };
}

/** Create payload (spec §7: the fee is `price`, the picture `thumbnail`). */
export function toCreatePayload(draft: TrainingDraft): TrainingCreateInput {
  const p = prepare(draft);
  return {
    ...commonPayload(draft, p, false),
    price: numberOrUndefined(draft.price) as number,
    ...(draft.newThumbnail ? { thumbnail: draft.newThumbnail } : {}),
    ...(draft.status === "draft" ? { status: "draft" as const } : {}),
  };
}

/** Update payload: `fee`, a new picture as `image`, dates and add-ons keep their ids. */
export function toUpdatePayload(draft: TrainingDraft): TrainingUpdateInput {
  const p = prepare(draft);
  return {
    ...commonPayload(draft, p, true),
    fee: numberOrUndefined(draft.price) as number,
    ...(draft.newThumbnail ? { image: draft.newThumbnail } : {}),
  };
}
