/** The learner portal's front door (issue 31): its routers, and the certificate clock the ops alerts read. */
export { portalRouter, studyRouter } from "./router";
export { certificatesOverdue } from "./alerts";
export { renderMarkdown } from "./markdown";
