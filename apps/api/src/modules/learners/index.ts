/** The learners module's front door: what other modules may use (the learner's portal, erasure on request). */
export { eraseLearners, type LearnerErasure } from "./erasure";
export { RETENTION_YEARS } from "./service";
export {
  findLearner,
  findLearners,
  findLearnerByToken,
  learnersOf,
  learnersOfDate,
  lockLearner,
  type LearnerRow,
} from "./repository";
export { formView } from "./service";
export { learnersRoutes } from "./router";
export { learnerFormsOfOrder, learnerLinksForOrder, purgeExpiredLearnerRecords } from "./service";
export { releaseHeldResultsTx } from "./release-held";
