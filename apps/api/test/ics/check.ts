/**
 * Reads a calendar file we publish with two independent tools: ical.js (what web calendars use)
 * and a strict check on Python's icalendar (strict_ics.py: RFC 5545 form, RFC 5546 per METHOD).
 * The Python side needs Debian's python3-icalendar (.ci/run installs it); without it the check
 * fails, never skips.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "strict_ics.py");
// Debian's interpreter, where apt puts python3-icalendar (a pyenv shim on PATH may not see it).
const PYTHON = "/usr/bin/python3";

export type CalendarEvent = {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  /** London wall-clock start, 'YYYY-MM-DDTHH:MM:SS'. */
  start: string;
  end: string;
  /** The UTC instant of the first start (ical.js's own time-zone arithmetic). */
  startUtc: string;
  days: number;
  dtstamp: string;
  attendee: string | null;
};

/** Throws with the validator's findings unless the file passes; answers the METHOD and events. */
export function readCalendar(text: string): { method: string; events: CalendarEvent[] } {
  const strict = spawnSync(PYTHON, [SCRIPT], { input: text, encoding: "utf8" });
  if (strict.error || strict.status !== 0)
    throw new Error(
      `strict iCalendar check failed:\n${strict.stdout}${strict.stderr}${strict.error?.message ?? ""}\n---\n${text}`,
    );

  const comp = new ICAL.Component(ICAL.parse(text));
  const tz = comp.getFirstSubcomponent("vtimezone");
  if (tz) ICAL.TimezoneService.register(tz);
  const events = comp.getAllSubcomponents("vevent").map((ve) => {
    const ev = new ICAL.Event(ve);
    let days = 0;
    const it = ev.iterator();
    for (let next = it.next(); next && days < 400; next = it.next()) days++;
    return {
      uid: ev.uid,
      sequence: ev.sequence,
      status: String(ve.getFirstPropertyValue("status") ?? ""),
      summary: ev.summary,
      start: ev.startDate.toString(),
      end: ev.endDate.toString(),
      startUtc: ev.startDate.toJSDate().toISOString(),
      days,
      dtstamp: String(ve.getFirstProperty("dtstamp")?.toICALString() ?? ""),
      attendee: ve.getFirstPropertyValue("attendee") ? String(ve.getFirstPropertyValue("attendee")) : null,
    };
  });
  return { method: String(comp.getFirstPropertyValue("method") ?? ""), events };
}
