import { Link } from "react-router-dom";
import { EmptyState, ErrorState, Spinner } from "@app/ui";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { LICENCE_KIND_LABELS } from "@app/contract";
import { paths } from "../../config/paths";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { can, SCREEN_ROLES } from "../../config/roles";
import { useAuth } from "../../lib/auth";
import { useLearnerDates } from "./api";
import "./learners.css";

/** Learner records: the dates of licence-linked courses, each with how many learners are not ready. */
export default function LearnersPage() {
  usePageTitle("Learners");
  const query = useLearnerDates();
  const { role } = useAuth();
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
      {query.isPending ? (
        <Spinner size="lg" label="Loading course dates..." />
      ) : query.isError ? (
        <ErrorState
          title="The course dates could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data.length ? (
        <EmptyState
          title="No learners yet"
          text="Learners appear here once a door supervisor, security guard or CCTV booking is paid."
        />
      ) : (
        <ul className="learners__dates">
          {query.data.map((d) => (
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
      )}
    </div>
  );
}
