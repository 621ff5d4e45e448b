import { describe, expect, it } from "vitest";
import { DEFAULT_SEAT_CAPACITY } from "@app/contract";
import type { CourseDetail } from "@app/contract";
import { draftFromCourse, emptyAddOn, emptyDateRange, emptyDraft, totalPrice } from "./trainingForm";
import { toCreatePayload, toUpdatePayload } from "./trainingPayload";
import { stillWrong, validateCreate, validateUpdate } from "./trainingValidation";
import type { TrainingDraft } from "./trainingForm";
import { editWordCounter, wordCounter } from "./TrainingForm";

function validDraft(): TrainingDraft {
  return {
    ...emptyDraft(),
    title: "Door Supervisor",
    description: "Learn the job.",
    price: "250",
    duration: "6 Days",
    courseDates: [{ ...emptyDateRange(), startDate: "2030-03-12", endDate: "2030-03-14" }],
  };
}

describe("create-training rules (spec §5 via TrainingCreateSchema)", () => {
  it("accepts a complete training", () => {
    expect(validateCreate(validDraft())).toEqual({});
  });

  it("gives each required-field message on an empty form, counting an untouched date row as no date", () => {
    const errors = validateCreate(emptyDraft());
    expect(errors).toMatchObject({
      title: "Course title is required",
      description: "Course description is required",
      price: "Please enter a valid course fee",
      duration: "Course duration is required",
      courseDates: "At least one course date is required",
    });
  });

  it("treats whitespace-only text as empty", () => {
    const errors = validateCreate({ ...validDraft(), title: "   ", description: "\n\t ", duration: "  " });
    expect(errors.title).toBe("Course title is required");
    expect(errors.description).toBe("Course description is required");
    expect(errors.duration).toBe("Course duration is required");
  });

  it("refuses a fee of 0, a negative fee and more than two decimals", () => {
    for (const price of ["0", "-5", "10.999", "abc"]) {
      expect(validateCreate({ ...validDraft(), price }).price).toBe("Please enter a valid course fee");
    }
    expect(validateCreate({ ...validDraft(), price: "99.99" }).price).toBeUndefined();
  });

  it("puts the end-before-start message on its range and the overall message on the dates", () => {
    const draft = validDraft();
    draft.courseDates = [
      { ...emptyDateRange(), startDate: "2030-03-12", endDate: "2030-03-14" },
      { ...emptyDateRange(), startDate: "2030-04-10", endDate: "2030-04-08" },
    ];
    const errors = validateCreate(draft);
    expect(errors["courseDates.1.endDate"]).toBe("End date cannot be before start date");
    expect(errors["courseDates.0.endDate"]).toBeUndefined();
    expect(errors.courseDates).toBe("Please check all date ranges");
  });

  it("maps an issue of a later row to its input when an earlier blank row was skipped", () => {
    const draft = validDraft();
    draft.courseDates = [emptyDateRange(), { ...emptyDateRange(), startDate: "2030-04-10", endDate: "2030-04-08" }];
    expect(validateCreate(draft)["courseDates.1.endDate"]).toBe("End date cannot be before start date");
  });

  it("takes a start date alone as a one-day date (no end date sent), and asks for a start date given only an end", () => {
    const draft = validDraft();
    draft.courseDates = [{ ...emptyDateRange(), startDate: "2030-03-12" }];
    expect(validateCreate(draft)["courseDates.0.endDate"]).toBeUndefined();
    expect(toCreatePayload(draft).courseDates).toEqual([{ startDate: "2030-03-12" }]);
    draft.courseDates = [{ ...emptyDateRange(), endDate: "2030-03-12" }];
    expect(validateCreate(draft)["courseDates.0.startDate"]).toBe("Start date is required");
  });

  it("sends status 'draft' only when the new course is kept as a draft", () => {
    const draft = validDraft();
    expect(toCreatePayload(draft)).not.toHaveProperty("status");
    expect(toCreatePayload({ ...draft, status: "draft" }).status).toBe("draft");
  });

  it("requires a name on an add-on that has a price", () => {
    const draft = validDraft();
    draft.addOns = [{ ...emptyAddOn(), price: "20" }];
    expect(validateCreate(draft)["addOns.0.name"]).toBe("Add-on name is required");
  });
});

describe("errors clear as the field is corrected", () => {
  it("drops a corrected field's error and adds no new ones", () => {
    const before = validateCreate(emptyDraft());
    const next = { ...emptyDraft(), title: "Door Supervisor", courseDates: [{ ...emptyDateRange(), startDate: "2030-01-01" }] };
    const after = stillWrong(before, validateCreate(next));
    expect(after.title).toBeUndefined();
    expect(after.description).toBe("Course description is required");
    // The half-filled range is wrong now, but it was not part of the last save attempt.
    expect(after["courseDates.0.endDate"]).toBeUndefined();
  });
});

describe("payloads", () => {
  it("sends the fee as price, drops blank rows, gives per-date seats only when set", () => {
    const draft = validDraft();
    draft.courseDates.push(
      { ...emptyDateRange(), startDate: "2030-05-01", endDate: "2030-05-02", capacity: "8" },
      emptyDateRange(),
    );
    draft.addOns = [{ ...emptyAddOn(), name: "Extra", price: "19.99", description: "" }, emptyAddOn()];
    draft.newThumbnail = "data:image/png;base64,AAAA";
    const body = toCreatePayload(draft);
    expect(body.price).toBe(250);
    expect(body.capacity).toBe(DEFAULT_SEAT_CAPACITY);
    expect(body.courseDates).toEqual([
      { startDate: "2030-03-12", endDate: "2030-03-14" },
      { startDate: "2030-05-01", endDate: "2030-05-02", capacity: 8 },
    ]);
    expect(body.addOns).toEqual([{ name: "Extra", price: 19.99, description: "" }]);
    expect(body.thumbnail).toBe("data:image/png;base64,AAAA");
  });

  it("keeps the ids of dates and add-ons on update and sends the fee as fee", () => {
    const course: CourseDetail = {
      id: 7,
      slug: "door",
      title: "Door",
      description: "d",
      thumbnail: "/api/images/abc.webp",
      fee: 250,
      duration: "6 Days",
      time: "10 am - 5pm",
      next_date: null,
      capacity: 12,
      courseDates: [
        { id: 3, startDate: "2030-03-12", endDate: "2030-03-14", label: "12 - 14th Mar 2030", capacity: 12, placesLeft: 12 },
      ],
      addOns: [{ id: 9, name: "Extra", price: 20, description: "" }],
      courseUnits: [{ id: 1, title: "Unit 1" }],
      keyPoints: [{ id: 2, title: "KP", details: "x" }],
      updated_at: "2030-01-01T00:00:00Z",
    };
    const draft = draftFromCourse(course);
    expect(draft.time).toBe("10 am - 5pm");
    expect(validateUpdate(draft)).toEqual({});
    const body = toUpdatePayload({ ...draft, price: "275.5" });
    expect(body.fee).toBe(275.5);
    expect(body.courseDates).toEqual([{ id: 3, startDate: "2030-03-12", endDate: "2030-03-14" }]);
    expect(body.addOns).toEqual([{ id: 9, name: "Extra", price: 20, description: "" }]);
    expect(body).not.toHaveProperty("image");
  });

  it("totals the fee and add-ons in whole pence", () => {
    const draft = validDraft();
    draft.price = "0.1";
    draft.addOns = [{ ...emptyAddOn(), name: "a", price: "0.2" }];
    expect(totalPrice(draft)).toBe(0.3);
  });
});

describe("description counter", () => {
  it("counts words against 30000", () => {
    expect(wordCounter("")).toBe("0/30000 words");
    expect(wordCounter("  Door  supervisor\ncourse ")).toBe("3/30000 words");
  });
  it("shows the edit screen's word count against 'Max 3000 Words'", () => {
    expect(editWordCounter("  Door  supervisor\ncourse ")).toBe("3 words (Max 3000 Words)");
  });
});
