import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { BookPlus, CircleCheckBig, CreditCard, FileText, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { EmptyState, ErrorState, Skeleton, cx } from "@app/ui";
import { clockTime, formatPounds, relativeTime, type TimeFilter } from "@app/ui/format";
import type { ActivityCategory, ActivityLog, ActivityType } from "@app/contract";
import { api, queryKeys } from "../lib/api";
import { timeFilterSince, unwrapPage } from "../lib/paging";
import { errorMessage } from "../lib/errors";
import { LoadingNote } from "./Loading";

const ICONS: Record<ActivityType, { icon: LucideIcon; tone: string; label: string }> = {
  enrollment: { icon: UserPlus, tone: "info", label: "Enrolment" },
  payment: { icon: CreditCard, tone: "success", label: "Payment" },
  course_addition: { icon: BookPlus, tone: "brand", label: "Course added" },
  training_deletion: { icon: Trash2, tone: "danger", label: "Training deleted" },
  course_completion: { icon: CircleCheckBig, tone: "success", label: "Course completed" },
  other: { icon: FileText, tone: "neutral", label: "Other" },
};

/** The API answers the spec's types; a richer kind comes as `other` with its category, shown as a badge (decision 289). */
const CATEGORIES: Record<ActivityCategory, { icon: LucideIcon; tone: string; label: string }> = {
  security: { icon: ShieldCheck, tone: "brand", label: "Security" },
};

export function itemsLabel(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"}`;
}

/** Activity entries (spec §2): icon by type, action, relative + 24-hour time, amount and items, user, details. */
export function ActivityList({ entries, now = new Date() }: { entries: readonly ActivityLog[]; now?: Date }) {
  return (
    <ul className="activity-list">
      {entries.map((entry) => {
        const category = entry.category ? CATEGORIES[entry.category] : undefined;
        const typeMeta = ICONS[entry.type] ?? ICONS.other;
        const meta = category ?? typeMeta;
        const Icon = meta.icon;
        return (
          <li key={entry.id} className="activity-item" data-type={entry.type} data-category={entry.category}>
            <span className={cx("activity-item__icon", `activity-item__icon--${meta.tone}`)}>
              <Icon size={20} aria-hidden="true" />
              <span className="ui-visually-hidden">{typeMeta.label}: </span>
            </span>
            <div className="activity-item__body">
              <div className="activity-item__top">
                <p className="activity-item__action">{entry.action}</p>
                <p className="activity-item__time">
                  <time dateTime={entry.timestamp}>
                    {relativeTime(entry.timestamp, now)} · {clockTime(entry.timestamp)}
                  </time>
                </p>
              </div>
              {entry.details ? <p className="activity-item__details">{entry.details}</p> : null}
              <p className="activity-item__meta">
                {category ? <span className="activity-item__category">{category.label}</span> : null}
                <span className="activity-item__user">{entry.user}</span>
                {entry.amount !== undefined ? <span className="activity-item__amount">{formatPounds(entry.amount)}</span> : null}
                {entry.items !== undefined ? <span className="activity-item__items">{itemsLabel(entry.items)}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ActivitySkeleton({ rows }: { rows: number }) {
  return (
    <ul className="activity-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="activity-item activity-item--skeleton">
          <Skeleton variant="circle" width={40} />
          <div className="activity-item__body">
            <Skeleton width="55%" />
            <Skeleton width="80%" />
            <Skeleton width="30%" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * What an activity card shows (dashboard block and Activity Logs screen): skeleton rows while
 * loading, the error with a retry, the empty text for the chosen period, or `entries` (the
 * screen's filtered and paged part of the query's data).
 */
export function ActivityFeed({
  query,
  entries,
  skeletonRows,
}: {
  query: UseQueryResult<unknown>;
  entries: readonly ActivityLog[];
  skeletonRows: number;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <LoadingNote label="Loading activity..." />
        <ActivitySkeleton rows={skeletonRows} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Activity could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (entries.length === 0) return <EmptyState title="No activities found for the selected time period." />;
  return <ActivityList entries={entries} />;
}

/**
 * One page of the activity log for a time filter, paged and filtered on the server
 * (decision 112): the dashboard block asks for its 4 latest, the Activity Logs screen for
 * pages of 10. The time filter's start is computed here, in the browser's time zone.
 */
export function activityPageQuery(filter: TimeFilter, page: number, limit: number) {
  return {
    queryKey: [...queryKeys.activity, filter, page, limit] as const,
    queryFn: () => {
      const since = timeFilterSince(filter);
      return unwrapPage<ActivityLog>(api.admin.activityLogs({ query: { page, limit, ...(since ? { since } : {}) } }));
    },
    placeholderData: keepPreviousData,
  };
}

/** One page of the activity log for a time filter, shared by the dashboard block and the activity screen. */
export function useActivityPage(filter: TimeFilter, page: number, limit: number) {
  return useQuery(activityPageQuery(filter, page, limit));
}
