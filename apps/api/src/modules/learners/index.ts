/** The learners module's front door for other modules (decision 309: erasure on request). */
export { eraseLearners, learnersOf, type LearnerErasure } from "./erasure";
export { RETENTION_YEARS } from "./service";
