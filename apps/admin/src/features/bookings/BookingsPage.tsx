/**
 * The office's bookings list (issue 13). Long because one screen holds the filter tabs, search,
 * sortable table at desktop width and the card layout at phone width, all driven by URL state
 * (list-url.ts) so Back and bookmarks work; the data comes from the feature's own hooks (api.ts).
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useNavigation, useSearchParams } from "react-router-dom";
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Plus, Search } from "lucide-react";
import { ButtonLink, EmptyState, ErrorState, buttonClassName, cx } from "@app/ui";
import type { BookingRow } from "@app/contract";
import { useBookingsPage, apiLink } from "./api";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { PrevNextPager } from "../../components/PrevNextPager";
import { TableSkeletonRows } from "../../components/TableSkeleton";
import { LoadingNote } from "../../components/Loading";
import { BookingStatusBadge } from "./StatusBadge";
import {
  BOOKINGS_PAGE_SIZE,
  FILTER_LABELS,
  LIST_FILTERS,
  ariaSort,
  readListParams,
  toggleSort,
  writeListParams,
} from "./listParams";
import type { ListParams, SortDir, SortKey } from "./listParams";
import { bookedOn, courseDate, money } from "./format";
import "./bookings.css";

const SKELETON_ROWS = 5;
/** Typing waits this long before the server is asked (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: "reference", label: "Reference" },
  { key: "learner", label: "Learner(s)" },
  { key: "course", label: "Course" },
  { key: "date", label: "Date" },
  { key: "amount", label: "Amount" },
  { key: "booked_on", label: "Booked on" },
  { key: "status", label: "Status" },
];

/** The search box's text, sent to the URL (and so to the server) after a pause in typing. */
function useSearchBox(value: string, commit: (q: string) => boolean) {
  const [text, setText] = useState(value);
  // The latest commit without restarting the pause on every render.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  // Back/forward or a filter link changes the URL: the box follows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    // A commit refused (a navigation under way) is tried again after the next pause, not dropped.
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!commitRef.current(text.trim())) timer = setTimeout(attempt, SEARCH_DELAY_MS);
    };
    timer = setTimeout(attempt, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}

function directionLabel(key: SortKey, dir: SortDir): string {
  if (key === "date" || key === "booked_on") return dir === "desc" ? "newest first" : "oldest first";
  if (key === "amount") return dir === "desc" ? "highest first" : "lowest first";
  return dir === "asc" ? "A to Z" : "Z to A";
}

function learnersText(row: BookingRow): string {
  return row.learners.length > 0 ? row.learners.join(", ") : row.customer_name;
}

/**
 * /enrolments for the office: every booking, paged, sorted and searched on the server (issue 13).
 * Opens on confirmed bookings; the filter, search, order and page are in the URL.
 */
export default function BookingsPage() {
  usePageTitle("Bookings");
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const query = useBookingsPage({
    status: params.filter,
    q: params.q || undefined,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    limit: BOOKINGS_PAGE_SIZE,
  });

  const go = (next: ListParams) => setSearch(writeListParams(next), { replace: true });
  // A search still waiting to be sent must not pull the office back to the list once a booking
  // was opened (the booking's page may still be loading).
  const navigation = useNavigation();
  const [text, setText] = useSearchBox(params.q, (q) => {
    if (navigation.state !== "idle") return false;
    go({ ...params, q, page: 1 });
    return true;
  });

  const total = query.data?.total ?? 0;
  const rows = query.data?.items ?? [];
  const totalPages = Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE));
  // A page past the end (a bookmark, or bookings that moved to another filter) shows the last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && params.page > totalPages) go({ ...params, page: totalPages });
  });
  const first = (params.page - 1) * BOOKINGS_PAGE_SIZE;
  const loaded = !query.isPending && !query.isError;

  return (
    <section className="admin-page bk-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Bookings</h1>
          <p className="admin-page__subtitle">
            Every booking from the website and the office. Open one to refund, transfer or add a note.
          </p>
        </div>
        <div className="bk-actions">
          <a
            className={buttonClassName({ variant: "secondary" })}
            href={apiLink("/api/bookings/export.csv", {
              status: params.filter,
              q: params.q || undefined,
              sort: params.sort,
              dir: params.dir,
            })}
            download
          >
            <Download size={18} aria-hidden="true" />
            Export CSV
          </a>
          <ButtonLink as={Link} to={paths.newBooking}>
            <Plus size={18} aria-hidden="true" />
            New booking
          </ButtonLink>
        </div>
      </header>

      <div className="admin-card bk-list">
        <div className="bk-toolbar">
          <div className="bk-filters" role="group" aria-label="Show bookings">
            {LIST_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={cx("bk-filter", params.filter === f && "bk-filter--on")}
                aria-pressed={params.filter === f}
                onClick={() => go({ ...params, filter: f, page: 1 })}
              >
                {FILTER_LABELS[f]}
              </button>
            ))}
          </div>
          {/* Phones show cards without column headers: the order is chosen here instead. */}
          <div className="bk-sortselect">
            <label htmlFor="bk-sort" className="bk-label">
              Sort by
            </label>
            <select
              id="bk-sort"
              className="ui-input ui-select"
              value={`${params.sort}:${params.dir}`}
              onChange={(e) => {
                const [sort, dir] = e.target.value.split(":") as [SortKey, SortDir];
                go({ ...params, sort, dir, page: 1 });
              }}
            >
              {COLUMNS.flatMap((col) =>
                (["asc", "desc"] as const).map((dir) => (
                  <option key={`${col.key}:${dir}`} value={`${col.key}:${dir}`}>
                    {col.label} ({directionLabel(col.key, dir)})
                  </option>
                )),
              )}
            </select>
          </div>
          <div className="bk-search" role="search">
            <label htmlFor="bk-search" className="bk-label">
              Search
            </label>
            <div className="bk-search__box">
              <Search size={18} aria-hidden="true" className="bk-search__icon" />
              <input
                id="bk-search"
                type="search"
                className="ui-input bk-search__input"
                placeholder="Reference, name, e-mail, phone, course or code"
                value={text}
                maxLength={200}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
              />
            </div>
          </div>
        </div>

        {query.isError && !query.data ? (
          <div className="admin-card__body">
            <ErrorState
              title="Bookings could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : loaded && total === 0 ? (
          <div className="admin-card__body">
            <EmptyState
              title={params.q ? "No bookings match" : `No ${FILTER_LABELS[params.filter].toLowerCase()} bookings`}
              text={
                params.q
                  ? "Try a reference, a name, an e-mail, a phone number, a course or a discount code."
                  : "Choose another filter above to see other bookings."
              }
            />
          </div>
        ) : (
          // The table scrolls inside its own box if it must; on phones each row is a card.
          <div className="admin-table-wrap bk-table-wrap" aria-busy={query.isFetching || undefined}>
            {query.isPending ? <LoadingNote label="Loading bookings..." /> : null}
            <table className="admin-table admin-table--cards bk-table">
              <caption className="ui-visually-hidden">
                {FILTER_LABELS[params.filter]} bookings. Column headers sort the list; a reference opens the booking.
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((col) => {
                    const sort = ariaSort(params, col.key);
                    const Icon = sort === "ascending" ? ArrowUp : sort === "descending" ? ArrowDown : ArrowUpDown;
                    return (
                      <th key={col.key} scope="col" aria-sort={sort}>
                        <button type="button" className="bk-sort" onClick={() => go(toggleSort(params, col.key))}>
                          {col.label}
                          <Icon
                            size={14}
                            aria-hidden="true"
                            className={cx("bk-sort__icon", sort !== "none" && "bk-sort__icon--on")}
                          />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {query.isPending ? (
                  <TableSkeletonRows rows={SKELETON_ROWS} columns={COLUMNS.length} />
                ) : (
                  rows.map((row) => (
                    <tr key={row.id} className="admin-table__row--click" onClick={() => navigate(paths.booking(row.id))}>
                      <td data-label="Reference">
                        <Link className="bk-ref" to={paths.booking(row.id)} onClick={(e) => e.stopPropagation()}>
                          {row.booking_reference}
                        </Link>
                      </td>
                      <td data-label="Learner(s)" className="bk-wrap">
                        {/* One wrapper per cell: on phones the cell is a label/value grid of two columns. */}
                        <span>
                          {learnersText(row)}
                          {row.places > 1 ? <span className="bk-sub">{row.places} places</span> : null}
                        </span>
                      </td>
                      <td data-label="Course">{row.courses.join(", ")}</td>
                      <td data-label="Date" className="admin-table__nowrap">
                        {row.first_date ? courseDate(row.first_date) : "—"}
                      </td>
                      <td data-label="Amount" className="admin-table__nowrap bk-amount">
                        <span>
                          {money(row.amount)}
                          {row.refunded > 0 ? <span className="bk-sub">{money(row.refunded)} refunded</span> : null}
                        </span>
                      </td>
                      <td data-label="Booked on" className="admin-table__nowrap">
                        <span>
                          {bookedOn(row.booked_on).date}
                          <span className="bk-sub">{bookedOn(row.booked_on).time}</span>
                        </span>
                      </td>
                      <td data-label="Status">
                        <BookingStatusBadge booking={row} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}

        {loaded && total > 0 ? (
          <div className="admin-card__footer">
            <p className="admin-showing">
              Showing {first + 1}-{first + rows.length} of {total}
            </p>
            <PrevNextPager
              page={Math.min(params.page, totalPages)}
              totalPages={totalPages}
              onPageChange={(page) => go({ ...params, page })}
              label="Booking pages"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
