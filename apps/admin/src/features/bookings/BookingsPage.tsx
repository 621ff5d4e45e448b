/**
 * The office's bookings list: the filter tabs, search and sort (BookingsToolbar), one page of the
 * table (BookingsTable) and the pager, all driven by URL state (listParams.ts) so Back and
 * bookmarks work; the data comes from the feature's own hooks (api.ts).
 */
import { useEffect } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router-dom";
import { Download, Plus } from "lucide-react";
import { ButtonLink, EmptyState, ErrorState, buttonClassName } from "@app/ui";
import { useBookingsPage, apiLink } from "./api";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { PrevNextPager } from "../../components/PrevNextPager";
import { BOOKINGS_PAGE_SIZE, FILTER_LABELS, readListParams, writeListParams } from "./listParams";
import type { ListParams } from "./listParams";
import { BookingsToolbar } from "./BookingsToolbar";
import { BookingsTable } from "./BookingsTable";
import { useSearchBox } from "./useSearchBox";
import "./bookings.css";

/**
 * /enrolments for the office: every booking, paged, sorted and searched on the server (issue 13).
 * Opens on confirmed bookings; the filter, search, order and page are in the URL.
 */
export default function BookingsPage() {
  usePageTitle("Bookings");
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
  // was opened (the booking's page may still be loading). Only leaving the list holds it back: a
  // change of filter, order or page under way is on this screen, and the search goes with it.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [text, setText, submitSearch] = useSearchBox(params.q, (q) => {
    if (navigation.location !== undefined && navigation.location.pathname !== pathname) return false;
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
        <BookingsToolbar params={params} go={go} text={text} setText={setText} onSearch={submitSearch} />

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
          <BookingsTable params={params} go={go} rows={rows} pending={query.isPending} fetching={query.isFetching} />
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
