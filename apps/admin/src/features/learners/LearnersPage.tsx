import { Link, useSearchParams } from "react-router-dom";
import { EmptyState, ErrorState, Pagination, Spinner } from "@app/ui";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { LEARNER_DATE_WINDOWS, LEARNER_DATES_PAGE_SIZE, LICENCE_KIND_LABELS, type LearnerDateWindow } from "@app/contract";
import { paths } from "../../config/paths";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { can, SCREEN_ROLES } from "../../config/roles";
import { useAuth } from "../../lib/auth";
import { useLearnerDates } from "./api";
import "./learners.css";

const WINDOW_LABELS: Record<LearnerDateWindow, string> = { current: "This week and coming", past: "Past" };
const EMPTY: Record<LearnerDateWindow, { title: string; text: string }> = {
  current: {
    title: "No learners this week or coming",
    text: "Learners appear here once a door supervisor, security guard or CCTV booking is paid.",
  },
  past: { title: "No past course dates", text: "Course dates move here a week after their last day." },
};

/**
 * Learner records: the dates of licence-linked courses, each with how many learners are not ready.
 * Paged on the server (decision 530): this week's and coming dates first, past dates on their tab;
 * the tab and page are in the address, so coming back from a date keeps them.
 */
export default function LearnersPage() {
  usePageTitle("Learners");
  const [params, setParams] = useSearchParams();
  const when: LearnerDateWindow = params.get("when") === "past" ? "past" : "current";
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const query = useLearnerDates(when, page);
  const { role } = useAuth();
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / LEARNER_DATES_PAGE_SIZE));
  const from = (page - 1) * LEARNER_DATES_PAGE_SIZE;
  const show = (next: { when?: LearnerDateWindow; page?: number }) => {
    const out = new URLSearchParams(params);
    const w = next.when ?? when;
    const p = next.page ?? 1;
    if (w === "past") out.set("when", "past");
    else out.delete("when");
    if (p > 1) out.set("page", String(p));
    else out.delete("page");
    setParams(out);
  };
  return (
    <div className="learners">
      <header className="learners__head">
        <h1>Learners</h1>
        <p>Pre-course forms, ID and first-aid checks, the register and results of licence-linked courses.</p>
      </header>
      {can(role, SCREEN_ROLES.office) ? (
        <nav className="learners__links" aria-label="Learner portal">
          <Link to={paths.learnerProgress}>Certificates and licences</Link>
          <Link to={paths.learnerStudy}>Revision and mock exams</Link>
        </nav>
      ) : null}
      <div className="learners__tabs" role="tablist" aria-label="Course dates">
        {LEARNER_DATE_WINDOWS.map((w) => (
          <button
            key={w}
            type="button"
            role="tab"
            id={`learners-tab-${w}`}
            aria-selected={when === w}
            aria-controls="learners-panel"
            className={`learners__tab${when === w ? " learners__tab--active" : ""}`}
            onClick={() => show({ when: w })}
          >
            {WINDOW_LABELS[w]}
          </button>
        ))}
      </div>
      <div id="learners-panel" role="tabpanel" aria-labelledby={`learners-tab-${when}`}>
        {query.isPending ? (
          <Spinner size="lg" label="Loading course dates..." />
        ) : query.isError ? (
          <ErrorState
            title="The course dates could not be loaded"
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !query.data.items.length ? (
          <EmptyState title={EMPTY[when].title} text={EMPTY[when].text} />
        ) : (
          <>
            <ul className="learners__dates" aria-busy={query.isPlaceholderData || undefined}>
              {query.data.items.map((d) => (
                <li key={d.course_date_id}>
                  <Link className="learners__date" to={paths.learnerDate(d.course_date_id)}>
                    <strong>{d.course_title}</strong>
                    <span>{formatDateRangeWithWeekday(d.start_date, d.end_date)}</span>
                    <span className="learners__muted">{LICENCE_KIND_LABELS[d.licence_kind]}</span>
                    <span>
                      {d.learners} {d.learners === 1 ? "learner" : "learners"} ·{" "}
                      {d.not_ready ? (
                        <span className="learners__bad">{d.not_ready} not ready</span>
                      ) : (
                        <span className="learners__good">all ready</span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {total > LEARNER_DATES_PAGE_SIZE ? (
              <div className="learners__paging">
                <p className="ui-muted">
                  Showing {from + 1} to {from + query.data.items.length} of {total} course dates
                </p>
                <Pagination
                  page={Math.min(page, totalPages)}
                  totalPages={totalPages}
                  onPageChange={(p) => show({ page: p })}
                  label="Course date pages"
                />
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
