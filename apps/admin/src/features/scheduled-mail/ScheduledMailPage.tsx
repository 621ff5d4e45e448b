import { useState } from "react";
import { Button, EmptyState, ErrorState, useToast } from "@app/ui";
import {
  SCHEDULED_MAIL_KIND_LABELS,
  SCHEDULED_MAIL_VIEWS,
  type QueueJob,
  type ScheduledMail,
  type ScheduledMailView,
} from "@app/contract";
import { useRetryMail, useScheduledMail } from "./api";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { PrevNextPager } from "../../components/PrevNextPager";
import { TableSkeletonRows } from "../../components/TableSkeleton";
import { LoadingNote } from "../../components/Loading";
import "./scheduled-mail.css";

const PAGE_SIZE = 25;

const VIEW_LABELS: Record<ScheduledMailView, string> = { due: "Due", sent: "Sent", failed: "Failed", skipped: "Skipped" };
const EMPTY: Record<ScheduledMailView, string> = {
  due: "Nothing is waiting to be sent. Course reminders appear here as soon as a booking is paid.",
  sent: "No mail has been sent yet.",
  failed: "No mail has failed.",
  skipped: "No mail was skipped.",
};

/** The first column: when it is due, was sent, was queued (failed) or was due (skipped). */
const TIME_LABELS: Record<ScheduledMailView, string> = { due: "Due", sent: "Sent", failed: "Queued", skipped: "Was due" };

const kindLabel = (kind: string) => SCHEDULED_MAIL_KIND_LABELS[kind] ?? kind;

/** 'Sat 13 Mar 2027, 09:00' in UK time, as the office reads it. */
const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  }).format(new Date(iso));

function formatRef(ref: string | null) {
  return ref && ref.length === 8 ? `${ref.slice(0, 4)}-${ref.slice(4)}` : (ref ?? "");
}

/** One line per background job: when it last ran, and failures of the last day (the queue is alive). */
function QueueHealth({ jobs }: { jobs: QueueJob[] }) {
  return (
    <ul className="sched-jobs" aria-label="Background jobs">
      {jobs.map((j) => (
        <li key={j.name} className={j.failed_last_day ? "sched-jobs__job sched-jobs__job--failed" : "sched-jobs__job"}>
          <span className="sched-jobs__name">{j.label}</span> {j.last_run_at ? `last run ${when(j.last_run_at)}` : "not run yet"}
          {j.failed_last_day ? ` · ${j.failed_last_day} failed today` : ""}
        </li>
      ))}
    </ul>
  );
}

/** What was sent, what is due, what failed (with a retry) and what was skipped, from the outbox and the reminder schedule. */
export default function ScheduledMailPage() {
  usePageTitle("Scheduled mail");
  const [view, setView] = useState<ScheduledMailView>("due");
  const [page, setPage] = useState(1);
  const query = useScheduledMail(view, page, PAGE_SIZE);
  const retry = useRetryMail();
  const toast = useToast();

  const items = query.data?.items ?? [];
  const loadedAt = query.dataUpdatedAt;
  const counts = query.data?.counts;
  const total = counts?.[view] ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const onRetry = (mail: ScheduledMail) =>
    retry.mutate(mail, {
      onSuccess: () => toast.success(mail.source === "outbox" ? "The mail will be sent again." : "The mail is planned again."),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Scheduled mail</h1>
          <p className="admin-page__subtitle">
            Booking mails, course reminders and licence-renewal reminders: what is due, what was sent and what needs attention
          </p>
        </div>
      </header>
      {query.data ? <QueueHealth jobs={query.data.jobs} /> : null}
      <div className="sched-tabs" role="tablist" aria-label="Mail by status">
        {SCHEDULED_MAIL_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`sched-tab-${v}`}
            aria-selected={view === v}
            aria-controls="sched-panel"
            className={`sched-tabs__tab${view === v ? " sched-tabs__tab--active" : ""}${v === "failed" && counts?.failed ? " sched-tabs__tab--alert" : ""}`}
            onClick={() => {
              setView(v);
              setPage(1);
            }}
          >
            {VIEW_LABELS[v]}
            {counts ? <span className="sched-tabs__count">{counts[v]}</span> : null}
          </button>
        ))}
      </div>
      <div className="admin-card" id="sched-panel" role="tabpanel" aria-labelledby={`sched-tab-${view}`}>
        {query.isError ? (
          <div className="admin-card__body">
            <ErrorState
              title="Scheduled mail could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : !query.isPending && items.length === 0 ? (
          <div className="admin-card__body">
            <EmptyState title={`No ${VIEW_LABELS[view].toLowerCase()} mail`} text={EMPTY[view]} />
          </div>
        ) : (
          <div className="admin-table-wrap" aria-busy={query.isPending || undefined}>
            {query.isPending ? <LoadingNote label="Loading scheduled mail..." /> : null}
            <table className="admin-table admin-table--cards sched-table">
              <caption className="ui-visually-hidden">{VIEW_LABELS[view]} mail</caption>
              <thead>
                <tr>
                  <th scope="col">{TIME_LABELS[view]}</th>
                  <th scope="col">Mail</th>
                  <th scope="col">To</th>
                  <th scope="col">Booking</th>
                  {view === "failed" || view === "skipped" ? <th scope="col">{view === "failed" ? "Error" : "Reason"}</th> : null}
                  {view === "failed" ? (
                    <th scope="col">
                      <span className="ui-visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {query.isPending ? (
                  <TableSkeletonRows rows={5} columns={4} />
                ) : (
                  items.map((m) => (
                    <tr key={m.key}>
                      <td data-label={TIME_LABELS[view]} className="admin-table__nowrap">
                        <div>
                          {when(view === "sent" && m.sent_at ? m.sent_at : m.due_at)}
                          {/* Due but not yet handled: the queue is behind (or the mail is being retried). */}
                          {view === "due" && new Date(m.due_at).getTime() < loadedAt - 10 * 60_000 ? (
                            <span className="sched-table__overdue">Overdue</span>
                          ) : null}
                        </div>
                      </td>
                      <td data-label="Mail">
                        <div>
                          <span className="sched-table__kind">{kindLabel(m.kind)}</span>
                          <span className="sched-table__subject">{m.subject ?? "Planned: written when it is due"}</span>
                        </div>
                      </td>
                      <td data-label="To" className="admin-table__break">
                        {m.to}
                      </td>
                      <td data-label="Booking" className="admin-table__nowrap">
                        {formatRef(m.booking_ref) || "—"}
                      </td>
                      {view === "failed" || view === "skipped" ? (
                        <td data-label={view === "failed" ? "Error" : "Reason"} className="sched-table__error">
                          <div>
                            {m.error ?? "—"}
                            {view === "failed" && m.source === "outbox" ? (
                              <span className="sched-table__attempts">{m.attempts} attempts</span>
                            ) : null}
                          </div>
                        </td>
                      ) : null}
                      {view === "failed" ? (
                        <td data-label="Actions">
                          {m.can_retry ? (
                            <Button size="sm" variant="secondary" onClick={() => onRetry(m)} disabled={retry.isPending}>
                              Retry
                            </Button>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
        {!query.isPending && !query.isError && total > 0 ? (
          <div className="admin-card__footer">
            <p className="admin-showing">
              Showing {items.length} of {total}
            </p>
            {totalPages > 1 ? (
              <PrevNextPager
                page={Math.min(page, totalPages)}
                totalPages={totalPages}
                onPageChange={setPage}
                label="Scheduled mail pages"
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
