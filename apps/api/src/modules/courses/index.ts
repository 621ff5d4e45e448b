/** The courses module's front door: what other modules may use (docs/decisions/370). */
export { cachedBody, cachedRead, CatalogueCache } from "./catalogue-cache";
export { CatalogueEvents, catalogueEventsRoute } from "./catalogue-events";
export { CatalogueListener } from "./catalogue-listener";
export { type CourseInsert, insertCourse } from "./repository";
export { coursesRouter } from "./router";
export { updateBookingRules } from "./service";
export { announceSeatsMoved, seatsMoved } from "./seat-signal";
