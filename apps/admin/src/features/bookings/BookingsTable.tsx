import { Link, useNavigate } from "react-router-dom";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cx } from "@app/ui";
import type { BookingRow } from "@app/contract";
import { paths } from "../../config/paths";
import { TableSkeletonRows } from "../../components/TableSkeleton";
import { LoadingNote } from "../../components/Loading";
import { BookingStatusBadge } from "./StatusBadge";
import { COLUMNS, FILTER_LABELS, ariaSort, toggleSort } from "./listParams";
import type { ListParams } from "./listParams";
import { bookedOn, courseDate, money } from "./format";

const SKELETON_ROWS = 5;

function learnersText(row: BookingRow): string {
  return row.learners.length > 0 ? row.learners.join(", ") : row.customer_name;
}

type Props = {
  params: ListParams;
  go: (next: ListParams) => void;
  rows: readonly BookingRow[];
  pending: boolean;
  fetching: boolean;
};

/** One page of bookings: a sortable table at desktop width, a card per booking on phones. */
export function BookingsTable({ params, go, rows, pending, fetching }: Props) {
  const navigate = useNavigate();
  return (
    // The table scrolls inside its own box if it must; on phones each row is a card.
    <div className="admin-table-wrap bk-table-wrap" aria-busy={fetching || undefined}>
      {pending ? <LoadingNote label="Loading bookings..." /> : null}
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
                    <Icon size={14} aria-hidden="true" className={cx("bk-sort__icon", sort !== "none" && "bk-sort__icon--on")} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {pending ? (
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
  );
}
