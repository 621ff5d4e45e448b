/**
 * A trainer's bookings CSV (issue 27, decision 333): one row per attendee on the trainer's own
 * course dates; names, course and dates only (no contact details, addresses or money); times in
 * Europe/London like the office's CSV.
 */
import type { Db } from "../../db/client";
import { trainerEnrollments } from "../orders";
import { csvCell, londonDateTime } from "./csv";

export const TRAINER_CSV_COLUMNS = [
  "Booking reference",
  "Booked on (UK time)",
  "Attendee first name",
  "Attendee last name",
  "Course",
  "Start date",
  "End date",
  "Daily times",
  "Add-ons",
] as const;

export async function trainerBookingsCsv(db: Db, now: Date, dateIds: ReadonlySet<number>, search?: string): Promise<string> {
  const { items } = await trainerEnrollments(db, now, { page: 1, offset: 0, limit: Number.MAX_SAFE_INTEGER }, dateIds, search);
  const lines = [TRAINER_CSV_COLUMNS.map(csvCell).join(",")];
  for (const e of items)
    for (const c of e.courses) {
      const people = c.attendees.length ? c.attendees : [{ first_name: e.first_name, last_name: e.last_name }];
      for (const a of people)
        lines.push(
          [
            e.booking_reference,
            londonDateTime(new Date(e.created_at)),
            a.first_name,
            a.last_name,
            c.title,
            c.startDate ?? "",
            c.endDate ?? c.startDate ?? "",
            c.time,
            c.addOns.map((x) => x.name).join("; "),
          ]
            .map(csvCell)
            .join(","),
        );
    }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
