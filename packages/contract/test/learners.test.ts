import { describe, expect, it } from "vitest";
import { addCalendarMonths, firstAidLongEnough, firstAidMinExpiry, LearnerFormPatchSchema } from "../src/learners";

describe("the first-aid 12-month rule", () => {
  it("accepts a certificate expiring exactly 12 months after the course start and refuses one day less", () => {
    expect(firstAidMinExpiry("2026-11-23")).toBe("2027-11-23");
    expect(firstAidLongEnough("2027-11-23", "2026-11-23")).toBe(true);
    expect(firstAidLongEnough("2027-11-22", "2026-11-23")).toBe(false);
    expect(firstAidLongEnough("2029-01-01", "2026-11-23")).toBe(true);
  });

  it("counts calendar months: a day the month lacks falls to its last day", () => {
    expect(addCalendarMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2026-12-15", 12)).toBe("2027-12-15");
    expect(addCalendarMonths("2029-06-10", -36)).toBe("2026-06-10");
  });
});

describe("the learner form's fields", () => {
  it("takes any subset of fields and refuses unknown ones", () => {
    expect(LearnerFormPatchSchema.safeParse({ full_name: "Jo Bloggs" }).success).toBe(true);
    expect(LearnerFormPatchSchema.safeParse({ is_admin: true }).success).toBe(false);
  });

  it("checks the ULN, postcode and e-mail shapes with plain messages", () => {
    const issues = (v: Record<string, unknown>) => LearnerFormPatchSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ uln: "12345" })).toEqual(["A ULN is 10 digits"]);
    expect(issues({ postcode: "L2" })).toEqual(["Please enter a valid postcode"]);
    expect(issues({ email: "nope" })).toEqual(["Please enter a valid email address"]);
    expect(issues({ uln: "", postcode: "L20 1AA", email: "" })).toEqual([]);
  });
});
