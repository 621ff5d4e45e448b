import { useState } from "react";
import { Link } from "react-router-dom";
import {
  AlertTriangle,
  ArrowDownRight,
  ArrowUpRight,
  BookOpen,
  MessageSquare,
  Minus,
  PoundSterling,
  TrendingUp,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { buttonClassName, ErrorState, Skeleton, cx } from "@app/ui";
import type { TimeFilter } from "@app/ui/format";
import type { StatCard } from "@app/contract";
import { formatPounds, formatWholePounds } from "@app/rules";
import { errorMessage } from "../../lib/errors";
import { useAuth } from "../../lib/auth";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { ActivityFeed, useActivityPage } from "../../components/ActivityList";
import { useDashboardCards, useDashboardWarnings } from "./api";
import { TimeFilterSelect } from "../../components/TimeFilterSelect";
import { LoadingNote } from "../../components/Loading";
import { COUNT_STAGGER_MS, useCountUp } from "./useCountUp";
import { changeOf } from "./change";
import "./dashboard.css";

/** Spec §9: skeleton cards while the figures load (the spec's three monthly cards). */
const SKELETON_CARD_COUNT = 3;

/** Spec §9: activity entries on the dashboard. */
export const DASHBOARD_ACTIVITY_COUNT = 4;

const int = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

function isMoney(card: StatCard): boolean {
  return /revenue|income|sales|balance|£/i.test(card.title);
}

function cardIcon(card: StatCard): LucideIcon {
  if (isMoney(card)) return PoundSterling;
  if (/message/i.test(card.title)) return MessageSquare;
  if (/enrol/i.test(card.title)) return BookOpen;
  return TrendingUp;
}

function formatValue(card: StatCard, value: number, done: boolean): string {
  if (isMoney(card)) return done && !Number.isInteger(card.value) ? formatPounds(value) : formatWholePounds(value);
  return int.format(done ? value : Math.round(value));
}

function StatCardView({ card, index }: { card: StatCard; index: number }) {
  const value = useCountUp(card.value, index * COUNT_STAGGER_MS);
  const done = value === card.value;
  const Icon = cardIcon(card);
  const change = changeOf(card);
  const Arrow = change.direction === "up" ? ArrowUpRight : change.direction === "down" ? ArrowDownRight : Minus;
  return (
    <li className="stat-card admin-card">
      <div className="stat-card__head">
        <h2 className="stat-card__title">{card.title}</h2>
        <span className="stat-card__icon" aria-hidden="true">
          <Icon size={22} />
        </span>
      </div>
      {/* Screen readers get the final value once; the counting digits are decoration. */}
      <p className="stat-card__value">
        <span aria-hidden="true">{formatValue(card, value, done)}</span>
        <span className="ui-visually-hidden">{formatValue(card, card.value, true)}</span>
      </p>
      {card.caption === undefined ? (
        <p className="stat-card__change">
          <span className={cx("stat-card__pct", `stat-card__pct--${change.direction}`)}>
            <Arrow size={18} aria-hidden="true" />
            {change.direction === "flat" ? null : (
              <span className="ui-visually-hidden">{change.direction === "up" ? "Up" : "Down"} </span>
            )}
            {change.text}
          </span>
          <span className="stat-card__caption">vs last month</span>
        </p>
      ) : (
        // A standing figure (Outstanding balances): its own line, red while some of it is overdue.
        <p className="stat-card__change">
          <span className={cx("stat-card__caption", !card.isPositive && "stat-card__caption--alert")}>{card.caption}</span>
        </p>
      )}
    </li>
  );
}

function StatCards() {
  const query = useDashboardCards();
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <LoadingNote label="Loading figures..." />
        <ul className="stat-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
            <li key={i} className="stat-card admin-card stat-card--skeleton">
              <Skeleton width="50%" />
              <Skeleton width="40%" height={36} />
              <Skeleton width="60%" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="The figures could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <ul className="stat-grid" aria-label="This month's figures">
      {query.data.map((card, i) => (
        <StatCardView key={card.title} card={card} index={i} />
      ))}
    </ul>
  );
}

/**
 * Warnings above the figures (decision 272): customers who could not pay because the payment page
 * did not open. Nothing is shown while there is nothing to act on, nor while it loads or fails to
 * (the figures below have their own error state; the bell carries the alert too).
 */
function Warnings() {
  const query = useDashboardWarnings();
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="dash-warnings" aria-label="Warnings">
      {items.map((w) => (
        <div key={w.id} className="dash-warning admin-card" role="alert">
          <AlertTriangle size={22} aria-hidden="true" className="dash-warning__icon" />
          <div>
            <h2 className="dash-warning__title">{w.title}</h2>
            <p className="dash-warning__message">{w.message}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

function ActivityBlock() {
  const [filter, setFilter] = useState<TimeFilter>("week");
  // The 4 latest entries of the chosen period (newest first from the API, filtered there).
  const query = useActivityPage(filter, 1, DASHBOARD_ACTIVITY_COUNT);
  const latest = query.data?.items ?? [];
  return (
    <section className="admin-card" aria-labelledby="dash-activity">
      <div className="admin-card__header">
        <h2 id="dash-activity" className="admin-card__title">
          Activity Logs
        </h2>
        <TimeFilterSelect value={filter} onChange={setFilter} label="Show activity from" />
      </div>
      <div className="admin-card__body">
        <ActivityFeed query={query} entries={latest} skeletonRows={DASHBOARD_ACTIVITY_COUNT} />
      </div>
      <div className="admin-card__footer admin-card__footer--end">
        <Link to={paths.activityLog} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          View More Logs
        </Link>
      </div>
    </section>
  );
}

export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useAuth();
  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Welcome back, {user?.name}</h1>
          <p className="admin-page__subtitle">Here's what's happening with your training center today.</p>
        </div>
      </header>
      <Warnings />
      <StatCards />
      <ActivityBlock />
    </section>
  );
}
