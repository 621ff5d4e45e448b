import { describe, expect, it } from "vitest";
import { audience, FINDER_COURSES as C, firstAidNeededUntil, recommend, renewalOpens } from "../src/course-finder";
import type { FinderAnswers } from "../src/course-finder";

const TODAY = "2026-11-26";

/** One row: the answers, the day, the slugs expected in order, and whether the office must settle it. */
const TABLE: {
  name: string;
  a: FinderAnswers;
  today?: string;
  starts?: Record<string, string>;
  slugs: string[];
  unsettled?: boolean;
}[] = [
  {
    name: "new, door supervisor, no first aid",
    a: { licence: "none", job: "door_supervisor", firstAid: "none" },
    slugs: [C.firstAid, C.doorSupervisor],
  },
  {
    name: "new, door supervisor, first aid valid long enough",
    a: { licence: "none", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2028-06-01" },
    slugs: [C.doorSupervisor],
  },
  {
    name: "new, door supervisor, first aid expiring within 12 months of the start",
    a: { licence: "none", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2027-05-01" },
    slugs: [C.firstAid, C.doorSupervisor],
  },
  {
    name: "first aid valid exactly 12 months after the known start is enough",
    a: { licence: "none", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2027-12-14" },
    starts: { [C.doorSupervisor]: "2026-12-14" },
    slugs: [C.doorSupervisor],
  },
  {
    name: "first aid one day short of 12 months after the known start",
    a: { licence: "none", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2027-12-13" },
    starts: { [C.doorSupervisor]: "2026-12-14" },
    slugs: [C.firstAid, C.doorSupervisor],
  },
  {
    name: "new, first aid unsure",
    a: { licence: "none", job: "door_supervisor", firstAid: "unsure" },
    slugs: [C.firstAid, C.doorSupervisor],
  },
  {
    name: "new, security officer (door supervisor course covers it)",
    a: { licence: "none", job: "security_guard", firstAid: "none" },
    slugs: [C.firstAid, C.doorSupervisor],
  },
  { name: "new, CCTV (no first aid needed)", a: { licence: "none", job: "cctv", firstAid: "none" }, slugs: [C.cctv] },
  { name: "new, close protection", a: { licence: "none", job: "close_protection" }, slugs: [C.closeProtection] },
  { name: "personal licence", a: { licence: "none", job: "personal_licence" }, slugs: [C.personalLicence] },
  { name: "job unsure", a: { licence: "none", job: "unsure" }, slugs: [], unsettled: true },
  {
    name: "renewing door supervisor trained before 2021, today (refresher replaced top-up)",
    a: {
      licence: "door_supervisor",
      job: "door_supervisor",
      expiry: "2027-02-10",
      trained: "before_2021",
      firstAid: "date",
      firstAidExpiry: "2029-01-01",
    },
    slugs: [C.doorRefresher],
  },
  {
    name: "renewing door supervisor trained before 2021, first aid expiring",
    a: {
      licence: "door_supervisor",
      job: "door_supervisor",
      expiry: "2027-02-10",
      trained: "before_2021",
      firstAid: "date",
      firstAidExpiry: "2027-03-01",
    },
    slugs: [C.firstAid, C.doorRefresher],
  },
  {
    name: "renewing door supervisor trained before 2021, in 2024 (top-up)",
    today: "2024-06-01",
    a: { licence: "door_supervisor", job: "door_supervisor", expiry: "2024-08-01", trained: "before_2021", firstAid: "none" },
    slugs: [C.firstAid, C.doorTopUp],
  },
  {
    name: "renewing door supervisor trained in 2022, in 2024 (nothing needed)",
    today: "2024-06-01",
    a: { licence: "door_supervisor", job: "door_supervisor", expiry: "2024-08-01", trained: "from_2021", firstAid: "none" },
    slugs: [],
  },
  {
    name: "renewing door supervisor unsure when trained, in 2024",
    today: "2024-06-01",
    a: { licence: "door_supervisor", job: "door_supervisor", expiry: "2024-08-01", trained: "unsure", firstAid: "none" },
    slugs: [],
    unsettled: true,
  },
  {
    name: "renewing security officer trained before 2021, in 2023 (top-up)",
    today: "2023-03-01",
    a: {
      licence: "security_guard",
      job: "security_guard",
      expiry: "2023-05-01",
      trained: "before_2021",
      firstAid: "date",
      firstAidExpiry: "2026-01-01",
    },
    slugs: [C.guardTopUp],
  },
  {
    name: "renewing door supervisor before top-up began (2020)",
    today: "2020-06-01",
    a: { licence: "door_supervisor", job: "door_supervisor", expiry: "2020-08-01", trained: "before_2021", firstAid: "none" },
    slugs: [],
  },
  {
    name: "renewing on 1 April 2025 exactly: refresher",
    today: "2025-04-01",
    a: {
      licence: "door_supervisor",
      job: "door_supervisor",
      expiry: "2025-06-01",
      trained: "from_2021",
      firstAid: "date",
      firstAidExpiry: "2028-01-01",
    },
    slugs: [C.doorRefresher],
  },
  {
    name: "renewing on 31 March 2025, trained before 2021: top-up",
    today: "2025-03-31",
    a: {
      licence: "door_supervisor",
      job: "door_supervisor",
      expiry: "2025-06-01",
      trained: "before_2021",
      firstAid: "date",
      firstAidExpiry: "2028-01-01",
    },
    slugs: [C.doorTopUp],
  },
  {
    name: "renewing security officer today",
    a: { licence: "security_guard", job: "security_guard", expiry: "2027-01-20", trained: "from_2021", firstAid: "none" },
    slugs: [C.firstAid, C.guardRefresher],
  },
  {
    name: "expired door supervisor licence: the office checks",
    a: { licence: "door_supervisor", job: "door_supervisor", expiry: "2026-10-01", trained: "before_2021", firstAid: "none" },
    slugs: [],
    unsettled: true,
  },
  {
    name: "door supervisor moving to security officer, renewal due",
    a: {
      licence: "door_supervisor",
      job: "security_guard",
      expiry: "2027-01-01",
      firstAid: "date",
      firstAidExpiry: "2029-01-01",
    },
    slugs: [C.doorRefresher],
  },
  {
    name: "security officer moving to door supervisor",
    a: { licence: "security_guard", job: "door_supervisor", expiry: "2027-09-01", firstAid: "none" },
    slugs: [C.firstAid, C.doorSupervisor],
    unsettled: true,
  },
  { name: "CCTV holder renewing CCTV: nothing to book", a: { licence: "cctv", job: "cctv", expiry: "2027-01-01" }, slugs: [] },
  {
    name: "CCTV holder wanting door work",
    a: { licence: "cctv", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2030-01-01" },
    slugs: [C.doorSupervisor],
  },
  { name: "door supervisor wanting CCTV", a: { licence: "door_supervisor", job: "cctv" }, slugs: [C.cctv] },
  {
    name: "close protection holder renewing",
    a: { licence: "close_protection", job: "close_protection" },
    slugs: [],
    unsettled: true,
  },
];

describe("recommend (the SIA rules table)", () => {
  it("has at least 20 cases", () => expect(TABLE.length).toBeGreaterThanOrEqual(20));

  it.each(TABLE)("$name", ({ a, today, starts, slugs, unsettled }) => {
    const r = recommend(a, today ?? TODAY, starts);
    expect(r.steps.map((s) => s.slug)).toEqual(slugs);
    expect(r.unsettled !== null).toBe(Boolean(unsettled));
    for (const s of r.steps) expect(s.reason).toMatch(/^[A-Z].+\.$/);
  });
});

describe("the reasons and notes", () => {
  it("dates the renewal window 4 months before expiry", () => {
    expect(renewalOpens("2027-06-30")).toBe("2027-02-28");
    const r = recommend({ licence: "door_supervisor", job: "door_supervisor", expiry: "2027-06-30", firstAid: "none" }, TODAY);
    expect(r.notes).toContain("You can apply to renew from 28th February, 2027, 4 months before your licence expires.");
    const now = recommend({ licence: "door_supervisor", job: "door_supervisor", expiry: "2027-01-30", firstAid: "none" }, TODAY);
    expect(now.notes.join(" ")).toMatch(/apply to renew now/);
  });

  it("names the day the first aid must last to", () => {
    expect(firstAidNeededUntil("2026-12-14")).toBe("2027-12-14");
    const r = recommend({ licence: "none", job: "door_supervisor", firstAid: "date", firstAidExpiry: "2027-01-01" }, TODAY, {
      [C.doorSupervisor]: "2026-12-14",
    });
    expect(r.steps[0]?.reason).toContain("14th December, 2027");
  });

  it("says a door supervisor licence already covers security officer work", () => {
    const r = recommend({ licence: "door_supervisor", job: "security_guard", expiry: "2028-01-01", firstAid: "none" }, TODAY);
    expect(r.notes.join(" ")).toMatch(/already lets you work as a security officer/);
  });
});

describe("audience (the course pages' 'Who is this for?')", () => {
  it("explains the refresher from the same dates", () => {
    expect(audience(C.doorRefresher, TODAY)).toMatch(/since 1 April 2025/);
    expect(audience(C.doorRefresher, "2024-01-01")).not.toMatch(/since 1 April 2025/);
    expect(audience(C.doorTopUp, TODAY)).toMatch(/instead of the top-up/);
    expect(audience(C.doorTopUp, "2024-01-01")).toMatch(/before April 2021/);
    expect(audience("paediatric-first-aid", TODAY)).toBeNull();
  });
});
