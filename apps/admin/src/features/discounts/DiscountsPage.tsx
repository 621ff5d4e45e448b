import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Plus, TicketPercent } from "lucide-react";
import { ButtonLink, EmptyState, ErrorState, Pagination, Skeleton } from "@app/ui";
import { formatLongDate } from "@app/ui/format";
import { useDiscountsPage } from "./api";
import { errorMessage } from "../../lib/errors";
import { discountSizeText, usesLeftText } from "./discountForm";
import { DiscountStatusBadge } from "./DiscountStatusBadge";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import "./discounts.css";

const PAGE_SIZE = 10;
const SKELETON_ROWS = 8;

/** /discount: the codes with their window and uses; paging only above 10 codes. */
export default function DiscountsPage() {
  usePageTitle("Discount");
  const [page, setPage] = useState(1);
  // Paged on the server (decision 112): one page per request, the total from the API.
  const discounts = useDiscountsPage(page, PAGE_SIZE);

  const total = discounts.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = discounts.data?.items ?? [];
  useEffect(() => {
    if (discounts.data && page > totalPages) setPage(totalPages);
  }, [discounts.data, page, totalPages]);

  return (
    <div className="content-page">
      <div className="content-head">
        <div>
          <h1 className="content-title">Discount Codes</h1>
          <p className="ui-muted">Codes customers can apply in the cart.</p>
        </div>
        <ButtonLink as={Link} to={paths.createCode}>
          <Plus size={20} aria-hidden="true" />
          Create a code
        </ButtonLink>
      </div>

      {discounts.isError ? (
        <ErrorState
          message={errorMessage(discounts.error)}
          onRetry={() => void discounts.refetch()}
          retrying={discounts.isFetching}
        />
      ) : !discounts.isPending && total === 0 ? (
        <EmptyState
          icon={<TicketPercent size={40} />}
          title="No discount codes yet"
          action={
            <ButtonLink as={Link} to={paths.createCode}>
              Create a code
            </ButtonLink>
          }
        />
      ) : (
        <div className="dc-card" aria-busy={discounts.isPending}>
          {discounts.isPending ? (
            <p className="ui-visually-hidden" role="status">
              Loading discount codes
            </p>
          ) : null}
          <table className="content-table dc-table">
            <caption className="ui-visually-hidden">Discount codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Percentage</th>
                <th scope="col">Valid From</th>
                <th scope="col">Valid Until</th>
                <th scope="col">Max Users</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {discounts.isPending
                ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <tr key={i} className="dc-row" aria-hidden="true">
                      {[90, 50, 140, 140, 90, 110].map((w, j) => (
                        <td key={j}>
                          <Skeleton width={w} height={18} />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows.map((d) => {
                    const status = d.status;
                    return (
                      <tr key={d.id} className={`dc-row dc-row--${status}`}>
                        <td data-label="Code">
                          <span className="dc-code">{d.code}</span>
                        </td>
                        <td data-label="Percentage">
                          <span className="dc-size">{discountSizeText(d)}</span>
                        </td>
                        <td data-label="Valid From">{formatLongDate(d.valid_from)}</td>
                        <td data-label="Valid Until">{formatLongDate(d.valid_until)}</td>
                        <td data-label="Max Users">
                          <span className="dc-uses">
                            {d.max_uses}
                            <DiscountStatusBadge status={status} />
                            {/* Uses left only while the code can still be used: never a green count on a dead code. */}
                            {status === "active" || status === "scheduled" ? (
                              <span className="dc-uses__left">{usesLeftText(d)}</span>
                            ) : null}
                          </span>
                        </td>
                        <td className="dc-row__action">
                          <ButtonLink
                            as={Link}
                            to={paths.discount(d.id)}
                            state={{ discount: d }}
                            variant="secondary"
                            size="sm"
                            aria-label={`View Details: ${d.code}`}
                          >
                            View Details
                          </ButtonLink>
                        </td>
                      </tr>
                    );
                  })}
            </tbody>
          </table>
          {total > PAGE_SIZE ? (
            <div className="dc-paging">
              <p className="ui-muted">
                Showing {(current - 1) * PAGE_SIZE + 1} to {Math.min(current * PAGE_SIZE, total)} of {total} codes
              </p>
              <Pagination page={current} totalPages={totalPages} onPageChange={setPage} label="Discount code pages" />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
