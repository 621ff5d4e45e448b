import type { CourseStatus } from "@app/contract";

/** 'Draft' (not on the public site) or 'Published'. */
export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  return <span className={`tr-status tr-status--${status}`}>{status === "draft" ? "Draft" : "Published"}</span>;
}
