import { useMemo, useState } from "react";
import { Pagination } from "@app/ui";
import { inTimeFilter } from "@app/ui/format";
import type { TimeFilter } from "@app/ui/format";
import { usePageTitle } from "../../components/usePageTitle";
import { ActivityFeed, useActivityLog } from "../../components/ActivityList";
import { TimeFilterSelect } from "../../components/TimeFilterSelect";

/** Spec §9: activity page size 10, window of 5 page buttons, 5 skeleton rows. */
export const ACTIVITY_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;

export default function ActivityLogPage() {
  usePageTitle("Activity Logs");
  const [filter, setFilter] = useState<TimeFilter>("all");
  const [page, setPage] = useState(1);
  const query = useActivityLog();

  const filtered = useMemo(() => (query.data ?? []).filter((e) => inTimeFilter(e.timestamp, filter)), [query.data, filter]);
  const total = filtered.length;
  const totalPages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const from = (current - 1) * ACTIVITY_PAGE_SIZE;
  const shown = filtered.slice(from, from + ACTIVITY_PAGE_SIZE);

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
          <p className="admin-page__subtitle">View all system activities including enrollments, payments, course changes, and more.</p>
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
