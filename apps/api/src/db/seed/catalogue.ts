import type { Db } from "../client";
import { addDays, ukDate, weekday } from "../../lib/dates";
import { insertCourse } from "../../modules/courses";
import { createDiscount } from "./factories";
import { SEED_COURSES } from "./catalogue-data";
import { storeThumbnail } from "./thumbnails";

export type SeededCatalogue = {
  courses: Map<string, { id: number }>;
  discounts: { valid: string; expired: string; usedUp: string; upcoming: string };
};

const HORIZON_DAYS = 92;

/** The published catalogue with dates over the coming three months (from `now`). */
export async function seedCatalogue(db: Db, now: Date): Promise<SeededCatalogue> {
  const today = ukDate(now);
  // Courses start on weekdays; the first run starts on the coming Monday.
  const untilMonday = (8 - weekday(today)) % 7 || 7;
  const firstMonday = addDays(today, untilMonday);
  const courses = new Map<string, { id: number }>();
  for (const c of SEED_COURSES) {
    const dates: { startDate: string; endDate: string }[] = [];
    for (let start = addDays(firstMonday, c.offset); start <= addDays(today, HORIZON_DAYS); start = addDays(start, c.every)) {
      let s = start;
      // Keep short courses off weekends.
      while (c.days < 6 && (weekday(s) === 0 || weekday(s) === 6)) s = addDays(s, 1);
      dates.push({ startDate: s, endDate: addDays(s, c.days - 1) });
    }
    const thumbnailSha = await storeThumbnail(db, c.short, c.subtitle, c.icon);
    const id = await insertCourse(db, {
      title: c.title,
      slug: c.slug,
      description: c.description,
      feePence: c.feePence,
      duration: c.duration,
      time: c.time,
      capacity: c.capacity,
      thumbnailSha,
      dates,
      addOns: c.addOns,
      units: c.units.map((title) => ({ title })),
      keyPoints: c.keyPoints,
    });
    courses.set(c.key, { id });
  }

  const valid = await createDiscount(
    db,
    { code: "WELCOME10", percentOff: 10, validFrom: addDays(today, -30), validUntil: addDays(today, 90), maxUses: 100 },
    now,
  );
  const expired = await createDiscount(
    db,
    { code: "SPRING15", percentOff: 15, validFrom: addDays(today, -120), validUntil: addDays(today, -60), maxUses: 50 },
    now,
  );
  const usedUp = await createDiscount(
    db,
    { code: "FIRST50", percentOff: 50, validFrom: addDays(today, -45), validUntil: addDays(today, 45), maxUses: 1 },
    now,
  );
  const upcoming = await createDiscount(
    db,
    { code: "SUMMER20", percentOff: 20, validFrom: addDays(today, 14), validUntil: addDays(today, 74), maxUses: 30 },
    now,
  );
  return { courses, discounts: { valid: valid.code, expired: expired.code, usedUp: usedUp.code, upcoming: upcoming.code } };
}
