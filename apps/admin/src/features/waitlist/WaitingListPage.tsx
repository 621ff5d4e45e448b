import { useState } from "react";
import { ArrowUp, Send, Trash2 } from "lucide-react";
import type { WaitlistDate, WaitlistEntry } from "@app/contract";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { Button, ConfirmDialog, EmptyState, ErrorState, useToast } from "@app/ui";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { LoadingNote } from "../../components/Loading";
import { useWaitlist, useWaitlistAction, type WaitlistAction } from "./api";
import "./waitlist.css";

const places = (n: number) => (n === 1 ? "1 place" : `${n} places`);
const ukDateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

function statusText(e: WaitlistEntry): string {
  switch (e.status) {
    case "waiting":
      return "Waiting";
    case "offered":
      return `Offered until ${e.offer_expires_at ? ukDateTime(e.offer_expires_at) : "?"}${e.offered_by && e.offered_by !== "System" ? ` (by ${e.offered_by})` : ""}`;
    case "booked":
      return "Booked";
    case "expired":
      return "Offer expired";
    case "removed":
      return "Removed";
  }
}

/**
 * Waiting lists (waiting lists and reminders): each upcoming date's line, with its places left and the places held
 * by open offers. The office moves someone up, offers places by hand (only free places: the API
 * refuses to oversell) or takes someone off the list (an open offer then passes on).
 */
export default function WaitingListPage() {
  usePageTitle("Waiting list");
  const query = useWaitlist();
  const action = useWaitlistAction();
  const toast = useToast();
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);

  async function run(kind: WaitlistAction, entry: WaitlistEntry) {
    try {
      await action.mutateAsync({ action: kind, id: entry.id });
      toast.success(
        kind === "moveUp"
          ? `${entry.name} moved up`
          : kind === "offerNow"
            ? `${entry.name} was offered ${places(entry.places)} by e-mail`
            : `${entry.name} was removed from the waiting list`,
      );
    } catch (err) {
      toast.error(errorMessage(err));
    }
  }

  const dates = query.data ?? [];
  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Waiting list</h1>
          <p className="admin-page__subtitle">People waiting for a place on fully booked dates, first in line first</p>
        </div>
      </header>
      {query.isError ? (
        <div className="admin-card">
          <div className="admin-card__body">
            <ErrorState
              title="The waiting lists could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        </div>
      ) : query.isPending ? (
        <LoadingNote label="Loading the waiting lists..." />
      ) : dates.length === 0 ? (
        <div className="admin-card">
          <div className="admin-card__body">
            <EmptyState
              title="Nobody is waiting"
              text="When a date is fully booked, the course page offers 'Join the waiting list'; the people who join show here."
            />
          </div>
        </div>
      ) : (
        dates.map((d) => (
          <DateList key={d.course_date_id} date={d} busy={action.isPending} onAction={run} onRemove={setRemoving} />
        ))
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the waiting list?"
        message={
          removing
            ? `${removing.name} will no longer get an offer for this date.${removing.status === "offered" ? " The places held for them pass to the next person at once." : ""}`
            : ""
        }
        confirmLabel="Remove"
        danger
        busy={action.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await run("remove", removing);
          setRemoving(null);
        }}
      />
    </section>
  );
}

function DateList({
  date,
  busy,
  onAction,
  onRemove,
}: {
  date: WaitlistDate;
  busy: boolean;
  onAction: (kind: WaitlistAction, entry: WaitlistEntry) => void;
  onRemove: (entry: WaitlistEntry) => void;
}) {
  const live = date.entries.filter((e) => e.status === "waiting" || e.status === "offered");
  const past = date.entries.filter((e) => e.status !== "waiting" && e.status !== "offered");
  const headingId = `waitlist-date-${date.course_date_id}`;
  return (
    <article className="admin-card waitlist-date" aria-labelledby={headingId}>
      <header className="admin-card__header waitlist-date__header">
        <h2 id={headingId} className="admin-card__title">
          {date.course_title} · {formatDateRangeWithWeekday(date.start_date, date.end_date)}
        </h2>
        <p className="waitlist-date__facts">
          Capacity {date.capacity} · {places(date.places_left)} left · {places(date.places_offered)} held by offers ·{" "}
          {live.length} in line
        </p>
      </header>
      {live.length === 0 ? (
        <p className="admin-card__body waitlist-date__empty">Nobody is in line now.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards waitlist-table">
            <caption className="ui-visually-hidden">
              Waiting list of {date.course_title} on {date.date_label}, first in line first
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email Address</th>
                <th scope="col">Phone Number</th>
                <th scope="col">Places</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {live.map((e, i) => (
                <tr key={e.id}>
                  <td data-label="#">{e.line}</td>
                  <td data-label="Name" className="admin-table__nowrap">
                    {e.name}
                  </td>
                  <td data-label="Email Address" className="admin-table__break">
                    {e.email}
                  </td>
                  <td data-label="Phone Number" className="admin-table__nowrap">
                    {e.phone}
                  </td>
                  <td data-label="Places">{e.places}</td>
                  <td data-label="Status">
                    <span className={`waitlist-status waitlist-status--${e.status}`}>{statusText(e)}</span>
                  </td>
                  <td data-label="Actions">
                    <div className="waitlist-table__actions">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy || i === 0}
                        onClick={() => onAction("moveUp", e)}
                        aria-label={`Move up ${e.name}`}
                      >
                        <ArrowUp size={16} aria-hidden="true" /> Move up
                      </Button>
                      {e.status === "waiting" ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => onAction("offerNow", e)}
                          aria-label={`Offer places to ${e.name}`}
                        >
                          <Send size={16} aria-hidden="true" /> Offer places
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => onRemove(e)}
                        aria-label={`Remove ${e.name}`}
                      >
                        <Trash2 size={16} aria-hidden="true" /> Remove
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {past.length > 0 ? (
        <details className="waitlist-date__history">
          <summary>Earlier ({past.length})</summary>
          <ul>
            {past.map((e) => (
              <li key={e.id}>
                {e.name} ({places(e.places)}): {statusText(e)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}
