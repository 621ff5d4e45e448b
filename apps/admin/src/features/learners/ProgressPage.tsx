/**
 * Certificates and licences (learner portal): learners with results whose certificate is not yet sent
 * or whose licence is not yet granted, longest stuck first. The office records the certificate's
 * progress (claimed, received, sent or collected, with dates) and the licence steps by hand.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Button, EmptyState, ErrorState, Pagination, SelectField, Spinner, TextField, useToast } from "@app/ui";
import { LICENCE_STEP_GUIDES, LICENCE_STEPS, type LearnerProgress, type LicenceStep } from "@app/contract";
import { formatDayWithWeekday } from "@app/contract/dates";
import { paths } from "../../config/paths";
import { api, unwrap } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import "./learners.css";

/** Cards per page: the list is paged on the server, longest stuck first (decision 532). */
const PAGE_SIZE = 25;
type Progress = LearnerProgress;
const loadProgress = (page: number) => unwrapPage<LearnerProgress>(api.study.progress({ query: { page, limit: PAGE_SIZE } }));
const KEY = ["learner-progress"] as const;

export default function ProgressPage() {
  usePageTitle("Certificates and licences");
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...KEY, page],
    queryFn: () => loadProgress(page),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = (page - 1) * PAGE_SIZE;
  return (
    <div className="learners">
      <Link to={paths.learners} className="learners__back">
        <ArrowLeft size={16} aria-hidden="true" /> Learners
      </Link>
      <header className="learners__head">
        <h1>Certificates and licences</h1>
        <p>Certificates are due 4 working days after the results. Learners stuck longest on their licence come first.</p>
      </header>
      {query.isPending ? (
        <Spinner size="lg" label="Loading..." />
      ) : query.isError ? (
        <ErrorState
          title="The list could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data.items.length ? (
        <EmptyState title="Nothing open" text="Every certificate is sent and every licence granted." />
      ) : (
        <>
          <ul className="progress-list">
            {query.data.items.map((p) => (
              <ProgressCard key={p.learner_id} p={p} />
            ))}
          </ul>
          {total > PAGE_SIZE ? (
            <div className="learners__paging">
              <p className="ui-muted">
                Showing {from + 1} to {from + query.data.items.length} of {total} learners
              </p>
              <Pagination
                page={Math.min(page, totalPages)}
                totalPages={totalPages}
                onPageChange={setPage}
                label="Learner pages"
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function ProgressCard({ p }: { p: Progress }) {
  const client = useQueryClient();
  const toast = useToast();
  const c = p.certificate;
  const [cert, setCert] = useState({
    claimed_on: c.claimed_on ?? "",
    received_on: c.received_on ?? "",
    sent_on: c.sent_on ?? "",
  });
  const [how, setHow] = useState<string>(c.sent_how ?? "post");
  const [step, setStep] = useState<LicenceStep>((p.stuck_on as LicenceStep | null) ?? "account");
  const [licence, setLicence] = useState({ number: "", expiry: "" });
  const [until, setUntil] = useState(p.portal_until);
  const done = (message: string) => () => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: KEY });
  };
  const fail = (e: unknown) => toast.error(errorMessage(e));
  const saveCert = useMutation({
    mutationFn: () =>
      unwrap(
        api.study.certificateProgress({
          params: { id: p.learner_id },
          body: {
            claimed_on: cert.claimed_on || null,
            received_on: cert.received_on || null,
            sent_on: cert.sent_on || null,
            sent_how: cert.sent_on ? (how as "post" | "collected") : null,
          },
        }),
      ),
    onSuccess: done("Certificate progress saved"),
    onError: fail,
  });
  const saveStep = useMutation({
    mutationFn: () =>
      unwrap(
        api.study.licenceStep({
          params: { id: p.learner_id },
          body: {
            step,
            done: true,
            ...(step === "granted"
              ? { licence_number: licence.number.replace(/\s/g, ""), licence_expires_on: licence.expiry }
              : {}),
          },
        }),
      ),
    onSuccess: done("Licence step recorded"),
    onError: fail,
  });
  const savePortal = useMutation({
    mutationFn: () => unwrap(api.study.portalUntil({ params: { id: p.learner_id }, body: { until: until || null } })),
    onSuccess: done("Portal date saved"),
    onError: fail,
  });
  const id = (f: string) => `p${p.learner_id}-${f}`;
  return (
    <li className="progress-card">
      <h2>{p.name}</h2>
      <p className="learners__muted">
        {p.course_title} · ended {formatDayWithWeekday(p.end_date)}
      </p>
      <p>
        Certificate:{" "}
        {c.sent_on ? (
          <span className="learners__good">
            {c.sent_how === "collected" ? "collected" : "posted"} {formatDayWithWeekday(c.sent_on)}
          </span>
        ) : c.overdue ? (
          <span className="learners__bad">overdue (due {formatDayWithWeekday(c.due_on!)})</span>
        ) : c.due_on ? (
          `due ${formatDayWithWeekday(c.due_on)}`
        ) : (
          "no results yet"
        )}
      </p>
      <p>
        Licence:{" "}
        {p.stuck_on ? (
          <span className={p.stuck_days !== null && p.stuck_days > 14 ? "learners__bad" : undefined}>
            waiting on "{LICENCE_STEP_GUIDES[p.stuck_on as LicenceStep].title}"
            {p.stuck_days !== null ? ` for ${p.stuck_days} ${p.stuck_days === 1 ? "day" : "days"}` : ""}
          </span>
        ) : (
          <span className="learners__good">
            granted {p.licence.licence_number} (expires {p.licence.licence_expires_on})
          </span>
        )}
      </p>
      <form
        className="progress-form"
        onSubmit={(e) => {
          e.preventDefault();
          saveCert.mutate();
        }}
      >
        <TextField
          id={id("claimed")}
          label="Claimed from the awarding body"
          type="date"
          value={cert.claimed_on}
          onChange={(e) => setCert({ ...cert, claimed_on: e.target.value })}
        />
        <TextField
          id={id("received")}
          label="Received"
          type="date"
          value={cert.received_on}
          onChange={(e) => setCert({ ...cert, received_on: e.target.value })}
        />
        <TextField
          id={id("sent")}
          label="Sent or collected"
          type="date"
          value={cert.sent_on}
          onChange={(e) => setCert({ ...cert, sent_on: e.target.value })}
        />
        <SelectField id={id("how")} label="How" value={how} onChange={(e) => setHow(e.target.value)}>
          <option value="post">Posted</option>
          <option value="collected">Collected</option>
        </SelectField>
        <Button type="submit" variant="secondary" disabled={saveCert.isPending}>
          Save certificate
        </Button>
      </form>
      <form
        className="progress-form"
        onSubmit={(e) => {
          e.preventDefault();
          saveStep.mutate();
        }}
      >
        <SelectField
          id={id("step")}
          label="Licence step done"
          value={step}
          onChange={(e) => setStep(e.target.value as LicenceStep)}
        >
          {LICENCE_STEPS.map((s) => (
            <option key={s} value={s}>
              {LICENCE_STEP_GUIDES[s].title}
              {p.licence.steps.find((x) => x.step === s)?.done_at ? " (done)" : ""}
            </option>
          ))}
        </SelectField>
        {step === "granted" ? (
          <>
            <TextField
              id={id("number")}
              label="Licence number"
              value={licence.number}
              onChange={(e) => setLicence({ ...licence, number: e.target.value })}
            />
            <TextField
              id={id("expiry")}
              label="Licence expiry"
              type="date"
              value={licence.expiry}
              onChange={(e) => setLicence({ ...licence, expiry: e.target.value })}
            />
          </>
        ) : null}
        <Button type="submit" variant="secondary" disabled={saveStep.isPending}>
          Record step
        </Button>
      </form>
      <form
        className="progress-form"
        onSubmit={(e) => {
          e.preventDefault();
          savePortal.mutate();
        }}
      >
        <TextField
          id={id("portal")}
          label="Learner portal open until"
          type="date"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={savePortal.isPending}>
          Save portal date
        </Button>
      </form>
    </li>
  );
}
