/**
 * Learner records: the learner's form by token (form.ts), the centre's board and register
 * (register-view.ts, register.ts), evidence and exports (exports.ts), subject access
 * (subject-access.ts) and retention (retention.ts). Every staff action runs in one transaction
 * with its activity-log entry. This file gathers them for the router and the other modules.
 */
export { DEFAULT_UNIT, learnerFormUrl } from "./shared";
export * from "./form";
export * from "./register-view";
export * from "./dates-list";
export * from "./register";
export * from "./exports";
export * from "./subject-access";
export * from "./retention";
