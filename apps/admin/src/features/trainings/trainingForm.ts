/**
 * The training form's draft: exactly what the inputs show (strings), new rows with stable keys,
 * the server's course as a working copy and the running total. Pure: no React, no fetch. The
 * payloads are built in `trainingPayload.ts` and checked in `trainingValidation.ts`.
 */
import { COURSE_TIMES, DEFAULT_COURSE_TIME, DEFAULT_SEAT_CAPACITY } from "@app/contract";
import type { CourseDetail, CourseStatus } from "@app/contract";

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

/** An input left empty or holding only spaces. */
export const blank = (s: string) => s.trim() === "";

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
