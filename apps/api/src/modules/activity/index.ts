/** The activity module's front door: what other modules may use (docs/decisions/370). */
export { type Actor, listActivity, logActivity, SYSTEM_ACTOR } from "./repository";
export { backdatedDayMark, isBackdated, keepDayCounts, markBackdated } from "./counts-repository";
