import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Download, Printer, Search } from "lucide-react";
import { Button, EmptyState, ErrorState, buttonClassName, useToast } from "@app/ui";
import { ORDER_STATUSES } from "@app/contract";
import type { Enrollment, OrderStatus } from "@app/contract";
import { fetchFilteredEnrollments, useEnrollmentDates, useEnrollmentsPage } from "./api";
import { downloadFile } from "../../lib/download";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { PrevNextPager } from "../../components/PrevNextPager";
import { TableSkeletonRows } from "../../components/TableSkeleton";
import { LoadingNote } from "../../components/Loading";
import { EnrolmentModal } from "./EnrolmentModal";
import { StatusBadge } from "./StatusBadge";
import { STATUS_LABELS, dateChoice, downloadText, enrolmentsCsv, fullName } from "./model";
import "./enrolments.css";

/** Spec §9: enrolments page size 10, 5 skeleton rows. */
export const ENROLMENTS_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;
/** Typing waits this long before the server is asked (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

/** The value once it has stood still for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function todayStamp(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export default function EnrolmentsPage() {
  usePageTitle("Enrolments");
  const toast = useToast();
  const { role } = useAuth();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Enrollment | null>(null);
  const search = params.get("q") ?? "";
  const dateParam = Number(params.get("date"));
  const courseDateId = Number.isInteger(dateParam) && dateParam > 0 ? dateParam : null;
  const statusParam = params.get("status");
  const status: OrderStatus | "all" = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as OrderStatus)
    : "all";

  // The server searches, filters and pages (decision 536): one request per page shown.
  // The API takes 200 characters of search (more could never match a field anyway).
  const q = useSettled(search.trim().slice(0, 200), SEARCH_DELAY_MS);
  const filters = {
    ...(q ? { q } : {}),
    ...(courseDateId !== null ? { course_date_id: courseDateId } : {}),
    ...(status !== "all" ? { status } : {}),
  };
  const filtering = Object.keys(filters).length > 0;
  const query = useEnrollmentsPage({ ...filters, page, limit: ENROLMENTS_PAGE_SIZE });
  const dates = useEnrollmentDates();
  const options = useMemo(() => dateChoice(dates.data ?? []), [dates.data]);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ENROLMENTS_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const start = (current - 1) * ENROLMENTS_PAGE_SIZE;
  // Nothing found: "none yet" or "none match" needs to know whether there is any booking at all.
  const any = useEnrollmentsPage({ limit: 1 }, filtering && query.isSuccess && total === 0);
  const none = !filtering || (any.data?.total ?? 1) === 0;
  // A page past the end (a booking went meanwhile) shows the last one.
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && page > totalPages) setPage(totalPages);
  }, [query.isSuccess, query.isPlaceholderData, page, totalPages]);

  function setParam(key: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  }

  function exportCsv() {
    // A trainer's export comes from the API: their own dates, names only, UK time (decision 333).
    if (role === "trainer") {
      void downloadFile("/api/bookings/export.csv", `enrolments-${todayStamp()}.csv`)
        .then(() => toast.success("Exported your course dates' enrolments"))
        .catch((e: unknown) => toast.error(errorMessage(e)));
      return;
    }
    void fetchFilteredEnrollments(filters)
      .then((rows) => {
        downloadText(`enrolments-${todayStamp()}.csv`, enrolmentsCsv(rows));
        toast.success(`Exported ${rows.length} ${rows.length === 1 ? "enrolment" : "enrolments"}`);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  }

  const loaded = !query.isPending && !query.isError;

  return (
    <section className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Enrolments</h1>
          <p className="admin-page__subtitle">Bookings made on the website, with their payment status.</p>
        </div>
        <div className="enrol-actions">
          <Button variant="secondary" onClick={exportCsv} disabled={!loaded || total === 0}>
            <Download size={18} aria-hidden="true" />
            Export CSV
          </Button>
          {courseDateId !== null ? (
            <Link className={buttonClassName({ variant: "primary" })} to={paths.register(courseDateId)}>
              <Printer size={18} aria-hidden="true" />
              Print register
            </Link>
          ) : null}
        </div>
      </header>

      <div className="admin-card">
        <div className="enrol-toolbar" role="search" aria-label="Filter enrolments">
          <div className="enrol-toolbar__search">
            <label htmlFor="enrol-search" className="enrol-toolbar__label">
              Search
            </label>
            <div className="enrol-search">
              <Search size={18} aria-hidden="true" className="enrol-search__icon" />
              <input
                id="enrol-search"
                type="search"
                className="ui-input enrol-search__input"
                placeholder="Reference, name, e-mail, phone, course or code"
                value={search}
                onChange={(e) => setParam("q", e.target.value)}
                autoComplete="off"
              />
            </div>
          </div>
          <div>
            <label htmlFor="enrol-date" className="enrol-toolbar__label">
              Course date
            </label>
            <select
              id="enrol-date"
              className="ui-input ui-select"
              value={courseDateId ?? ""}
              onChange={(e) => setParam("date", e.target.value)}
            >
              <option value="">All course dates</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title} — {o.dateLabel}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="enrol-status" className="enrol-toolbar__label">
              Status
            </label>
            <select
              id="enrol-status"
              className="ui-input ui-select"
              value={status}
              onChange={(e) => setParam("status", e.target.value === "all" ? "" : e.target.value)}
            >
              <option value="all">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {query.isError ? (
          <div className="admin-card__body">
            <ErrorState
              title="Enrolments could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : loaded && total === 0 ? (
          <div className="admin-card__body">
            <EmptyState
              title={none ? "No enrolments yet" : "No enrolments match"}
              text={none ? "Bookings made on the website will show here." : "Try another name, e-mail, phone, date or status."}
            />
          </div>
        ) : (
          <div className="admin-table-wrap" aria-busy={query.isPending || undefined}>
            {query.isPending ? <LoadingNote label="Loading enrolments..." /> : null}
            <table className="admin-table admin-table--cards enrol-table">
              <caption className="ui-visually-hidden">Enrolments, newest first. Select a name to see the details.</caption>
              <thead>
                <tr>
                  <th scope="col">Full Name</th>
                  <th scope="col">Email Address</th>
                  <th scope="col" className="admin-table__hide-phone">
                    Phone Number
                  </th>
                  <th scope="col" className="admin-table__hide-phone">
                    Town/City
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {query.isPending ? (
                  <TableSkeletonRows rows={SKELETON_ROWS} columns={5} />
                ) : (
                  items.map((e) => (
                    <tr key={e.id} className="admin-table__row--click" onClick={() => setOpen(e)}>
                      <td data-label="Full Name">
                        <button
                          type="button"
                          className="admin-rowbtn"
                          onClick={(event) => {
                            event.stopPropagation();
                            setOpen(e);
                          }}
                        >
                          {fullName(e)}
                          <span className="ui-visually-hidden">, view details</span>
                        </button>
                        <span className="enrol-ref">{e.booking_reference}</span>
                      </td>
                      <td data-label="Email Address" className="admin-table__break">
                        {e.guest_email}
                      </td>
                      <td data-label="Phone Number" className="admin-table__nowrap admin-table__hide-phone">
                        {e.phone_number}
                      </td>
                      <td data-label="Town/City" className="admin-table__hide-phone">
                        {e.town_city}
                      </td>
                      <td data-label="Status">{e.status ? <StatusBadge status={e.status} /> : null}</td>
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
              Showing {start + 1}-{start + items.length} of {total}
            </p>
            <PrevNextPager page={current} totalPages={totalPages} onPageChange={setPage} label="Enrolment pages" />
          </div>
        ) : null}
      </div>

      <EnrolmentModal enrolment={open} onClose={() => setOpen(null)} />
    </section>
  );
}
