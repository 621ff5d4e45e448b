/** The privacy module's front door (decisions 309-310). */
export { purgeOldRecords, OUTBOX_KEEP_MONTHS, ACTIVITY_KEEP_YEARS } from "./retention";
export { privacyRouter } from "./router";
