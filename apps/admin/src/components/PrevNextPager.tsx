import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@app/ui";

/** Previous / Next paging (spec: messages and enrolments); Previous off on page 1, Next off on the last page. */
export function PrevNextPager({
  page,
  totalPages,
  onPageChange,
  label,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label: string;
}) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft size={18} aria-hidden="true" />
        Previous
      </Button>
      <span className="admin-pager__page">
        Page {page} of {totalPages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight size={18} aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** Clamp a 1-based page into 1..totalPages and slice the rows for it. */
export function pageSlice<T>(rows: readonly T[], page: number, size: number) {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * size;
  const items = rows.slice(start, start + size);
  return { totalPages, current, start, items };
}
