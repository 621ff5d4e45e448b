/** The learners module's front door: what other modules may use (the learner's portal, erasure on request). */
export { eraseLearners, learnersOf, type LearnerErasure } from "./erasure";
export { RETENTION_YEARS } from "./service";
export { findLearner, findLearnerByToken, learnersOfDate, lockLearner, type LearnerRow } from "./repository";
export { formView } from "./service";
export { learnersRoutes } from "./router";
export { learnerFormsOfOrder, learnerLinksForOrder, purgeExpiredLearnerRecords } from "./service";
