/**
 * The training form's model: a draft that holds exactly what the inputs show (strings),
 * the conversion to the contract's create and update payloads, and the mapping of the
 * contract's zod issues back to the inputs. Pure: no React, no fetch.
 */
import {
  COURSE_TIMES,
  DEFAULT_COURSE_TIME,
  DEFAULT_SEAT_CAPACITY,
  TrainingCreateSchema,
  TrainingUpdateSchema,
} from "@app/contract";
import type { CourseDetail, CourseStatus, TrainingCreateInput, TrainingUpdateInput } from "@app/contract";
import type { ZodIssue } from "zod";

export type CourseTime = (typeof COURSE_TIMES)[number];

export interface DateRangeDraft {
  key: string;
  /** Kept on update so the date (and its bookings) survives the edit. */
  id?: number;
  startDate: string;
  /** Blank: a one-day date (it ends the day it starts). */
  endDate: string;
  /** Seats for this date; blank = the training's capacity. */
  capacity: string;
}

export interface KeyPointDraft {
  key: string;
  title: string;
  details: string;
}

export interface UnitDraft {
  key: string;
  title: string;
}

export interface AddOnDraft {
  key: string;
  id?: number;
  name: string;
  price: string;
  description: string;
}

export interface TrainingDraft {
  title: string;
  description: string;
  price: string;
  duration: string;
  time: CourseTime;
  /** Default seats for each date. */
  capacity: string;
  courseDates: DateRangeDraft[];
  keyPoints: KeyPointDraft[];
  courseUnits: UnitDraft[];
  addOns: AddOnDraft[];
  /** A newly chosen picture as a data URL (sent), or null. */
  newThumbnail: string | null;
  /** The picture the server holds (a path under the API host), or null. */
  currentThumbnail: string | null;
  /** Create only: publish at once (the default) or keep the new course as a draft; edits change it with Publish/Unpublish. */
  status: CourseStatus;
}

/** Field errors keyed by input: 'title', 'courseDates.1.endDate', 'addOns.0.name', and 'courseDates' for the overall one. */
export type FieldErrors = Record<string, string>;

let keySeed = 0;
/** A stable React key for a new row. */
export function newKey(prefix = "row"): string {
  keySeed += 1;
  return `${prefix}-${keySeed}`;
}

export const emptyDateRange = (): DateRangeDraft => ({ key: newKey("date"), startDate: "", endDate: "", capacity: "" });
export const emptyKeyPoint = (): KeyPointDraft => ({ key: newKey("kp"), title: "", details: "" });
export const emptyUnit = (): UnitDraft => ({ key: newKey("unit"), title: "" });
export const emptyAddOn = (): AddOnDraft => ({ key: newKey("addon"), name: "", price: "", description: "" });

export function emptyDraft(): TrainingDraft {
  return {
    title: "",
    description: "",
    price: "",
    duration: "",
    time: DEFAULT_COURSE_TIME,
    capacity: String(DEFAULT_SEAT_CAPACITY),
    courseDates: [emptyDateRange()],
    keyPoints: [],
    courseUnits: [],
    addOns: [],
    newThumbnail: null,
    currentThumbnail: null,
    status: "published",
  };
}

/** The server's course as an editable draft (the edit mode's working copy). */
export function draftFromCourse(course: CourseDetail): TrainingDraft {
  const time = (COURSE_TIMES as readonly string[]).includes(course.time) ? (course.time as CourseTime) : DEFAULT_COURSE_TIME;
  return {
    title: course.title,
    description: course.description,
    price: String(course.fee),
    duration: course.duration,
    time,
    capacity: String(course.capacity || DEFAULT_SEAT_CAPACITY),
    courseDates: course.courseDates.map((d) => ({
      key: newKey("date"),
      id: d.id,
      startDate: d.startDate.slice(0, 10),
      // One-day dates show a blank end date, as they were entered.
      endDate: d.endDate.slice(0, 10) === d.startDate.slice(0, 10) ? "" : d.endDate.slice(0, 10),
      capacity: d.capacity === course.capacity ? "" : String(d.capacity),
    })),
    keyPoints: course.keyPoints.map((k) => ({ key: newKey("kp"), title: k.title, details: k.details })),
    courseUnits: course.courseUnits.map((u) => ({ key: newKey("unit"), title: u.title })),
    addOns: course.addOns.map((a) => ({
      key: newKey("addon"),
      id: a.id,
      name: a.name,
      price: String(a.price),
      description: a.description,
    })),
    newThumbnail: null,
    currentThumbnail: course.thumbnail,
    status: "status" in course && course.status === "draft" ? "draft" : "published",
  };
}

/** Blank text -> undefined (so the schema's "required" message applies); otherwise the number, NaN included. */
function numberOrUndefined(text: string): number | undefined {
  const t = text.trim();
  return t === "" ? undefined : Number(t);
}

const blank = (s: string) => s.trim() === "";

/**
 * Rows the user never filled in are not data: an untouched date row means "no date yet"
 * (so the form says 'At least one course date is required'), an untouched add-on row is ignored.
 * Each kept row remembers its index in the draft so an issue lands on the right input.
 */
function kept<T>(rows: T[], isEmpty: (row: T) => boolean): Array<{ row: T; index: number }> {
  return rows.map((row, index) => ({ row, index })).filter(({ row }) => !isEmpty(row));
}

interface Prepared {
  dates: Array<{ row: DateRangeDraft; index: number }>;
  keyPoints: Array<{ row: KeyPointDraft; index: number }>;
  units: Array<{ row: UnitDraft; index: number }>;
  addOns: Array<{ row: AddOnDraft; index: number }>;
}

function prepare(draft: TrainingDraft): Prepared {
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

/** Maps a path of the payload back to the draft's input key (row indexes differ when blank rows were skipped). */
function inputKey(path: ReadonlyArray<string | number>, p: Prepared): string {
  const [head, index, ...rest] = path;
  const lists: Record<string, Array<{ index: number }>> = {
    courseDates: p.dates,
    keyPoints: p.keyPoints,
    courseUnits: p.units,
    addOns: p.addOns,
  };
  if (head === "price" || head === "fee") return "price";
  if (typeof head === "string" && typeof index === "number" && lists[head]) {
    const original = lists[head][index]?.index ?? index;
    return [head, original, ...rest].join(".");
  }
  return path.join(".");
}

/**
 * An empty start date gets a plain "required" message rather than the schema's format hint. The
 * end date may stay blank: a one-day date (issue 13).
 */
function requiredDateErrors(p: Prepared): FieldErrors {
  const errors: FieldErrors = {};
  for (const { row, index } of p.dates) {
    if (blank(row.startDate)) errors[`courseDates.${index}.startDate`] = "Start date is required";
  }
  return errors;
}

export function issuesToErrors(issues: readonly ZodIssue[], p: Prepared): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = inputKey(issue.path, p);
    // The first message per input wins (e.g. 'Course title is required' before any length rule).
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function validateWith(
  schema: typeof TrainingCreateSchema | typeof TrainingUpdateSchema,
  payload: unknown,
  draft: TrainingDraft,
): FieldErrors {
  const p = prepare(draft);
  const result = schema.safeParse(payload);
  const errors = result.success ? {} : issuesToErrors(result.error.issues, p);
  // A blank date gives "… is required" instead of the format message.
  return { ...errors, ...requiredDateErrors(p) };
}

/** Spec §5 "Create training" rules through the contract's schema; {} when the draft can be saved. */
export function validateCreate(draft: TrainingDraft): FieldErrors {
  return validateWith(TrainingCreateSchema, toCreatePayload(draft), draft);
}

/** The edit screen sends the same data; the API applies the update schema, so the form does too. */
export function validateUpdate(draft: TrainingDraft): FieldErrors {
  return validateWith(TrainingUpdateSchema, toUpdatePayload(draft), draft);
}

/**
 * "Errors clear as the field is corrected": after an edit, keep only the errors that are
 * still true, and never add new ones until the next save attempt.
 */
export function stillWrong(previous: FieldErrors, current: FieldErrors): FieldErrors {
  const next: FieldErrors = {};
  for (const key of Object.keys(previous)) {
    const message = current[key];
    if (message !== undefined) next[key] = message;
  }
  return next;
}

/** Total shown beside the add-ons (spec §9: base price plus the add-on prices). */
export function totalPrice(draft: TrainingDraft): number | null {
  const base = Number(draft.price);
  if (blank(draft.price) || !Number.isFinite(base)) return null;
  const addOns = draft.addOns.reduce((sum, a) => {
    const v = Number(a.price);
    return sum + (blank(a.price) || !Number.isFinite(v) ? 0 : Math.round(v * 100));
  }, 0);
  return (Math.round(base * 100) + addOns) / 100;
}
