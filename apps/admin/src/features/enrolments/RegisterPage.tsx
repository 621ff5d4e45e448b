import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { ArrowLeft, Printer } from "lucide-react";
import { Button, ErrorState, EmptyState, Spinner, buttonClassName } from "@app/ui";
import { useDateEnrollments } from "./api";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { courseDateOptions, courseDays, registerAttendees } from "./model";
import "./register.css";

/** Blank rows under the attendees, for walk-ins written in by hand. */
const SPARE_ROWS = 3;

/**
 * A printable attendance register for one course date: every paid attendee with phone and e-mail,
 * and one signature column per course day. Outside the portal frame; print with the browser.
 */
export default function RegisterPage() {
  const { courseDateId } = useParams();
  const id = Number(courseDateId);
  // Only this date's bookings (decision 536); the office's every status, a trainer's paid ones.
  const query = useDateEnrollments(id);
  const option = useMemo(() => courseDateOptions(query.data ?? []).find((o) => o.id === id), [query.data, id]);
  const attendees = useMemo(() => registerAttendees(query.data ?? [], id), [query.data, id]);
  const days = option ? courseDays(option.startDate, option.endDate) : [];
  const columns = days.length > 0 ? days : ["Signature"];
  usePageTitle(option ? `Register: ${option.title}, ${option.dateLabel}` : "Register");

  const back = (
    <Link to={`${paths.enrolments}?date=${id}`} className={buttonClassName({ variant: "secondary" })}>
      <ArrowLeft size={18} aria-hidden="true" />
      Back to Enrolments
    </Link>
  );

  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <div className="register__state">
        <Spinner size="lg" label="Loading the register..." />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="The register could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!option) {
    content = (
      <EmptyState
        title="No bookings for this course date"
        text="Choose a course date on the Enrolments screen to print its register."
        action={back}
      />
    );
  } else {
    content = (
      <>
        <header className="register__header">
          <p className="register__kicker">Attendance register</p>
          <h1 className="register__title">{option.title}</h1>
          <p className="register__facts">
            <span>{option.dateLabel}</span>
            {option.time ? <span>{option.time}</span> : null}
            {option.duration ? <span>{option.duration}</span> : null}
            <span>
              {attendees.length} paid {attendees.length === 1 ? "attendee" : "attendees"}
            </span>
          </p>
        </header>
        {/* Wide courses scroll sideways on small screens; the region is focusable so keyboards can scroll it. */}
        <div className="register__scroll" role="region" aria-label="Register" tabIndex={0}>
          <table className="register__table">
            <thead>
              <tr>
                <th scope="col" className="register__num">
                  #
                </th>
                <th scope="col">Attendee name</th>
                <th scope="col">Reference</th>
                <th scope="col">Phone</th>
                <th scope="col">Email</th>
                {columns.map((label, i) => (
                  <th scope="col" key={label} className="register__sign">
                    {days.length > 1 ? (
                      <>
                        Day {i + 1}
                        <br />
                        <span className="register__day">{label}</span>
                      </>
                    ) : days.length === 1 ? (
                      <>
                        Signature
                        <br />
                        <span className="register__day">{label}</span>
                      </>
                    ) : (
                      label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {attendees.map((a, i) => (
                <tr key={a.enrolmentId}>
                  <td className="register__num">{i + 1}</td>
                  <td className="register__name">{a.name}</td>
                  <td className="register__ref">{a.reference}</td>
                  <td className="register__nowrap">{a.phone}</td>
                  <td className="register__email">{a.email}</td>
                  {columns.map((label) => (
                    <td key={label} className="register__sign" aria-label={`Signature, ${label}`} />
                  ))}
                </tr>
              ))}
              {Array.from({ length: SPARE_ROWS }, (_, i) => (
                <tr key={`spare-${i}`} className="register__spare">
                  <td className="register__num">{attendees.length + i + 1}</td>
                  <td />
                  <td />
                  <td />
                  <td />
                  {columns.map((label) => (
                    <td key={label} className="register__sign" />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {attendees.length === 0 ? (
          <p className="register__note">No paid bookings yet for this date; the rows are left blank.</p>
        ) : null}
        <p className="register__footer">
          Printed {new Date().toLocaleString("en-GB", { dateStyle: "long", timeStyle: "short" })}
        </p>
      </>
    );
  }

  return (
    <main className="register">
      <div className="register__toolbar">
        {back}
        <Button onClick={() => window.print()} disabled={!option}>
          <Printer size={18} aria-hidden="true" />
          Print
        </Button>
      </div>
      <div className="register__sheet">
        {option && !query.isPending && !query.isError ? null : <h1 className="register__title">Attendance register</h1>}
        {content}
      </div>
    </main>
  );
}
