import type { ReactNode } from "react";
import { DEFAULT_PAGE_WINDOW } from "../constants";
import { cx } from "../utils";

/**
 * The page numbers to show: a window of at most `size` consecutive pages around `current`
 * (centred where possible, shifted at either end), all within 1..total.
 * pageWindow(1, 10, 5) → [1,2,3,4,5]; pageWindow(6, 10, 5) → [4,5,6,7,8]; pageWindow(10, 10, 5) → [6,7,8,9,10].
 */
export function pageWindow(current: number, total: number, size: number = DEFAULT_PAGE_WINDOW): number[] {
  const pages = Math.max(0, Math.floor(total));
  const width = Math.max(1, Math.floor(size));
  if (pages === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), pages);
  let start = Math.max(1, page - Math.floor(width / 2));
  const end = Math.min(pages, start + width - 1);
  start = Math.max(1, end - width + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many page buttons to show. Default 5. */
  windowSize?: number;
  previousLabel?: ReactNode;
  nextLabel?: ReactNode;
  /** aria-label of the nav. Default 'Pagination'. */
  label?: string;
  className?: string;
}

/** Previous / page numbers / Next. The current page has aria-current="page". */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  windowSize = DEFAULT_PAGE_WINDOW,
  previousLabel = "Previous",
  nextLabel = "Next",
  label = "Pagination",
  className,
}: PaginationProps) {
  const pages = pageWindow(page, totalPages, windowSize);
  const isFirst = page <= 1;
  const isLast = page >= totalPages;
  return (
    <nav aria-label={label} className={cx("ui-pagination", className)}>
      <ul className="ui-pagination__list">
        <li>
          <button
            type="button"
            className="ui-pagination__button ui-pagination__step"
            disabled={isFirst}
            onClick={() => onPageChange(page - 1)}
          >
            {previousLabel}
          </button>
        </li>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={cx("ui-pagination__button", n === page && "ui-pagination__button--current")}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              onClick={() => {
                if (n !== page) onPageChange(n);
              }}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="ui-pagination__button ui-pagination__step"
            disabled={isLast}
            onClick={() => onPageChange(page + 1)}
          >
            {nextLabel}
          </button>
        </li>
      </ul>
    </nav>
  );
}
