import { Link, useParams } from "react-router-dom";
import { ArrowLeft, Printer } from "lucide-react";
import { Button, ErrorState, Spinner, buttonClassName } from "@app/ui";
import { formatDateRangeWithWeekday, formatDayWithWeekday } from "@app/contract/dates";
import { ID_DOCUMENT_LABELS, type IdDocumentType } from "@app/contract";
import { paths } from "../../config/paths";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { useLearnerBoard } from "./api";
import "./learners.css";

const MARK = { present: "Present", absent: "Absent", late: "Late" } as const;

/** The register on paper, filled from the digital register (outside the portal frame; print with the browser). */
export default function LearnerRegisterPrintPage() {
  const { courseDateId } = useParams();
  const dateId = Number(courseDateId);
  const query = useLearnerBoard(dateId);
  const board = query.data;
  usePageTitle(board ? `Register: ${board.course_title}` : "Register");
  if (query.isPending) return <Spinner size="lg" label="Loading the register..." />;
  if (query.isError || !board)
    return (
      <ErrorState
        title="The register could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <div className="learner-print">
      <div className="learner-print__toolbar">
        <Link to={paths.learnerDate(dateId)} className={buttonClassName({ variant: "secondary" })}>
          <ArrowLeft size={18} aria-hidden="true" /> Back to the register
        </Link>
        <Button onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" /> Print
        </Button>
      </div>
      <div className="learner-print__sheet">
        <p className="learners__muted">Attendance and assessment register</p>
        <h1>{board.course_title}</h1>
        <p>
          {formatDateRangeWithWeekday(board.start_date, board.end_date)} · {board.time} · {board.learners.length} learners
        </p>
        <div className="learner-print__scroll" role="region" aria-label="Register" tabIndex={0}>
          <table className="learner-print__table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name as on ID</th>
                <th scope="col">ID seen</th>
                {board.days.map((d, i) => (
                  <th scope="col" key={d}>
                    Day {i + 1}
                    <br />
                    <small>{formatDayWithWeekday(d)}</small>
                  </th>
                ))}
                {board.units.map((u) => (
                  <th scope="col" key={u}>
                    {u}
                  </th>
                ))}
                <th scope="col">Certificate</th>
              </tr>
            </thead>
            <tbody>
              {board.learners.map((l, n) => (
                <tr key={l.id}>
                  <td>{n + 1}</td>
                  <td>
                    {l.full_name ?? l.name}
                    <br />
                    <small>{l.booking_reference}</small>
                  </td>
                  <td>
                    {l.id_checked_document
                      ? (ID_DOCUMENT_LABELS[l.id_checked_document as IdDocumentType] ?? l.id_checked_document).split(" (")[0]
                      : ""}
                  </td>
                  {board.days.map((d) => {
                    const a = l.attendance.find((x) => x.day === d);
                    return <td key={d}>{a ? `${MARK[a.status]}${a.arrived_at ? ` ${a.arrived_at}` : ""}` : ""}</td>;
                  })}
                  {board.units.map((u) => {
                    const r = l.results.find((x) => x.unit === u);
                    return <td key={u}>{r ? r.result.charAt(0).toUpperCase() + r.result.slice(1) : ""}</td>;
                  })}
                  <td>{l.certificate_issued_at ? "Issued" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="learner-print__sign">Trainer's signature: ____________________________ Date: ______________</p>
      </div>
    </div>
  );
}
