/**
 * When the register may record what (issue 27, decision 330): attendance on or after its day,
 * results once the assessment day (the course's last day) has begun, and the result mail once
 * that day is over; all in UK days.
 */
import { addDays, ukMidnight } from "../../lib/dates";

/** True when `day` is still ahead of `today` (both UK 'YYYY-MM-DD'). */
export const attendanceTooEarly = (day: string, today: string) => day > today;

/** True before the assessment day (the last course day) has begun. */
export const resultsTooEarly = (assessmentDay: string, today: string) => today < assessmentDay;

/** The instant the assessment day is over: the next UK midnight after it. */
export const resultMailAt = (assessmentDay: string) => ukMidnight(addDays(assessmentDay, 1));
