/** The learners module's front door: what other modules may use (the learner's portal, erasure on request). */
export { eraseLearners, type LearnerErasure } from "./erasure";
export { RETENTION_YEARS } from "./service";
export {
  findLearner,
  findLearnerByToken,
  learnersOf,
  learnersOfDate,
  learnersByKeys,
  lockLearner,
  type LearnerKeys,
  type LearnerRow,
} from "./repository";
export { formView } from "./service";
export { learnersRoutes } from "./router";
export { learnerFormsOfOrder, learnerLinksForOrder, purgeExpiredLearnerRecords } from "./service";
export { releaseHeldResultsTx } from "./release-held";
export { refreshProgressKeys } from "./progress-keys-repository";
