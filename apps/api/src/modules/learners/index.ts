/** The learners module's front door (issue 14): what other modules (the learner's portal, issue 31) may use. */
export { findLearner, findLearnerByToken, learnersOfDate, lockLearner, type LearnerRow } from "./repository";
export { formView } from "./service";
