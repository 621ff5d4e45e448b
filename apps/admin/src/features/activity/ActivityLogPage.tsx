import { useEffect, useState } from "react";
import { Pagination } from "@app/ui";
import type { TimeFilter } from "@app/ui/format";
import { usePageTitle } from "../../components/usePageTitle";
import { ActivityFeed, useActivityPage } from "../../components/ActivityList";
import { TimeFilterSelect } from "../../components/TimeFilterSelect";

/** Spec §9: activity page size 10, window of 5 page buttons, 5 skeleton rows. */
export const ACTIVITY_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;

export default function ActivityLogPage() {
  usePageTitle("Activity Logs");
  const [filter, setFilter] = useState<TimeFilter>("all");
  const [page, setPage] = useState(1);
  // Filtered and paged on the server (decision 112): one page of 10 per request, the total from the API.
  const query = useActivityPage(filter, page, ACTIVITY_PAGE_SIZE);

  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const from = (current - 1) * ACTIVITY_PAGE_SIZE;
  const shown = query.data?.items ?? [];
  useEffect(() => {
    if (query.data && page > totalPages) setPage(totalPages);
  }, [query.data, page, totalPages]);

  function changePage(next: number) {
    setPage(next);
    document.getElementById("activity-heading")?.scrollIntoView({ block: "start" });
  }

  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 id="activity-heading" className="admin-page__title">
            Activity Logs
          </h1>
          <p className="admin-page__subtitle">
            View all system activities including enrollments, payments, course changes, and more.
          </p>
        </div>
        <TimeFilterSelect
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          label="Show activity from"
        />
      </header>
      <div className="admin-card">
        <div className="admin-card__body">
          <ActivityFeed query={query} entries={shown} skeletonRows={SKELETON_ROWS} />
        </div>
        {!query.isPending && !query.isError && total > ACTIVITY_PAGE_SIZE ? (
          <div className="admin-card__footer">
            <p className="admin-showing" aria-live="polite">
              Showing {from + 1} to {from + shown.length} of {total} activities
            </p>
            <Pagination page={current} totalPages={totalPages} onPageChange={changePage} label="Activity pages" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
