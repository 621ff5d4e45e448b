/**
 * /learner/:token — the learner's portal (learner portal), phone first: the pre-course form (until
 * the course ends), revision, mock exams, results and certificate, and the licence steps, all by
 * the attendee's own link. One view at a time, chosen by `?view=` so the back button works.
 */
import { useCallback, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { Spinner } from "@app/ui";
import type { Portal } from "@app/contract";
import { formatLongDate } from "@app/rules";
import { ApiError } from "../../lib/api";
import { pageTitle, type RouteHandle } from "../../lib/seo";
import { Link } from "../../components/Link";
import { portalApi } from "./api";
import LearnerFormPage from "./LearnerFormPage";
import { MockExams } from "./MockExams";
import { LicenceView, ResultsView, RevisionView } from "./PortalViews";
import "./learner.css";
import "./portal.css";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Your learner portal", config.provider),
    description: "Your course form, revision, mock exams, results, certificate and licence steps.",
    keywords: ["learner portal"],
    path: "/learner",
    breadcrumbs: [{ name: "Learner portal", path: "/learner" }],
    robots: "noindex, nofollow",
  }),
};

const VIEWS = [
  ["form", "Form"],
  ["revision", "Revision"],
  ["mocks", "Mock exams"],
  ["results", "Results"],
  ["licence", "Licence"],
] as const;
type View = (typeof VIEWS)[number][0];

export default function PortalPage() {
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const [portal, setPortal] = useState<Portal | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);

  const reload = useCallback(
    (signal?: AbortSignal) =>
      portalApi
        .get(token, signal)
        .then(setPortal)
        .catch((e: unknown) => {
          if (!signal?.aborted)
            setFailure({
              status: e instanceof ApiError ? e.status : 0,
              message: e instanceof Error ? e.message : "Something went wrong",
            });
        }),
    [token],
  );
  // Read again on each change of view, so what the office recorded meanwhile shows.
  const viewParam = params.get("view");
  useEffect(() => {
    const ctl = new AbortController();
    void reload(ctl.signal);
    return () => ctl.abort();
  }, [reload, viewParam]);

  if (failure)
    return (
      <div className="learner-page">
        <div className="learner-card learner-card--message" role="alert">
          <h1>
            {failure.status === 410
              ? "Your portal has closed"
              : failure.status === 404
                ? "Link not valid"
                : "We couldn't load your portal"}
          </h1>
          <p>{failure.message}</p>
        </div>
      </div>
    );
  if (!portal)
    return (
      <div className="learner-page">
        {/* The server's first HTML is this state: a page still has its one h1 (the Nu HTML checker). */}
        <h1 className="ui-visually-hidden">Learner portal</h1>
        <Spinner size="lg" label="Loading your portal" />
      </div>
    );

  const views = VIEWS.filter(([v]) => v !== "form" || portal.form !== null);
  const asked = params.get("view") as View | null;
  const view: View = asked && views.some(([v]) => v === asked) ? asked : portal.form ? "form" : "revision";
  const here = `/learner/${encodeURIComponent(token)}`;

  return (
    <div className="portal">
      <nav className="portal-nav" aria-label="Learner portal">
        <ul>
          {views.map(([v, label]) => (
            <li key={v}>
              <Link to={`${here}?view=${v}`} aria-current={v === view ? "page" : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === "form" ? (
        <LearnerFormPage />
      ) : (
        <div className="learner-page">
          <div className="learner-card">
            <header className="learner-head">
              <p className="learner-head__eyebrow">Learner portal · {portal.attendee_name}</p>
              <h1>{VIEWS.find(([v]) => v === view)![1]}</h1>
              <p>
                {portal.course_title}. Open until {formatLongDate(portal.open_until)}.
              </p>
            </header>
            {view === "revision" ? <RevisionView token={token} portal={portal} onChange={setPortal} /> : null}
            {view === "mocks" ? (
              <MockExams
                token={token}
                portal={portal}
                paperId={Number(params.get("paper")) || null}
                onDone={() => void reload()}
              />
            ) : null}
            {view === "results" ? <ResultsView portal={portal} /> : null}
            {view === "licence" ? <LicenceView token={token} portal={portal} onChange={setPortal} /> : null}
          </div>
        </div>
      )}
    </div>
  );
}
