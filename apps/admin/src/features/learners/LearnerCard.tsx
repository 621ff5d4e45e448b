/**
 * One learner on the readiness board and in the digital register: where they stand (chips and
 * the reasons in words), the form details, the classroom register (`LearnerRegister`), the
 * evidence the trainer relies on and the subject access files, with big touch targets for a phone or tablet.
 */
import { useState } from "react";
import { Button, useToast } from "@app/ui";
import type { LearnerBoard, RegisterLearner } from "@app/contract";
import { errorMessage } from "../../lib/errors";
import { downloadFile, useRegisterChange, type RegisterChange } from "./api";
import { LearnerDetails, when } from "./LearnerDetails";
import { LearnerRegister } from "./LearnerRegister";

type Props = {
  learner: RegisterLearner;
  board: LearnerBoard;
  canSeePersonalFiles: boolean;
  today: string;
  day: string;
  /** The office's reason to record before the day (decision 330); empty: none. */
  overrideReason?: string;
};

const FIRST_AID_TEXT = {
  valid: "First aid valid",
  missing: "First aid missing",
  invalid: "First aid too short",
  not_needed: "First aid not needed",
} as const;
const RESULT_TEXT = {
  none: "No result",
  pass: "Passed",
  fail: "Failed",
  resit: "Resit",
  incomplete: "Results incomplete",
} as const;

function Chip({ ok, children }: { ok: boolean | null; children: React.ReactNode }) {
  return <span className={`learner-chip ${ok === null ? "" : ok ? "learner-chip--ok" : "learner-chip--bad"}`}>{children}</span>;
}

export function LearnerCard({ learner: l, board, canSeePersonalFiles, today, day: registerDay, overrideReason = "" }: Props) {
  const change = useRegisterChange(board.course_date_id);
  const toast = useToast();
  const [blocked, setBlocked] = useState<string | null>(null);
  const r = l.readiness;

  const run = (c: RegisterChange, done?: string) =>
    change.mutate(
      { id: l.id, change: c, early: overrideReason.trim() ? { override_reason: overrideReason.trim() } : {} },
      {
        onSuccess: () => {
          setBlocked(null);
          if (done) toast.success(done);
        },
        onError: (e) => {
          if (c.kind === "results") setBlocked(errorMessage(e));
          toast.error(errorMessage(e));
        },
      },
    );
  const download = (path: string, name: string) =>
    void downloadFile(path, name).catch((e: unknown) => toast.error(errorMessage(e)));

  return (
    <article className={`learner-card ${r.ready ? "" : "learner-card--not-ready"}`} aria-labelledby={`learner-${l.id}`}>
      <header className="learner-card__head">
        <h2 id={`learner-${l.id}`}>{l.full_name ?? l.name}</h2>
        <p className="learners__muted">
          {l.full_name && l.full_name !== l.name ? `Booked as ${l.name} · ` : ""}
          {l.booking_reference}
          {l.phone ? ` · ${l.phone}` : ""}
        </p>
      </header>
      <div className="learner-card__chips" aria-label="Readiness">
        <Chip ok={r.details_complete}>{r.details_complete ? "Details complete" : "Details missing"}</Chip>
        <Chip ok={r.first_aid === "not_needed" ? null : r.first_aid === "valid"}>{FIRST_AID_TEXT[r.first_aid]}</Chip>
        <Chip ok={r.fitness_declared}>{r.fitness_declared ? "Fitness declared" : "Fitness not declared"}</Chip>
        <Chip ok={r.id_checked}>{r.id_checked ? "ID checked" : "ID not checked"}</Chip>
        <Chip ok={null}>
          Attended {r.days_attended}/{board.days.length}
        </Chip>
        <Chip ok={r.result === "none" || r.result === "incomplete" ? null : r.result === "pass"}>{RESULT_TEXT[r.result]}</Chip>
        {r.certificate_issued ? <Chip ok>Certificate issued</Chip> : null}
      </div>
      {r.reasons.length ? (
        <p className="learner-card__reasons">
          <strong>Not ready:</strong> {r.reasons.join("; ")}.
        </p>
      ) : null}
      {l.adjustments ? <p className="learner-card__note">Adjustments: {l.adjustments}</p> : null}
      {l.emergency ? <p className="learners__muted">Emergency contact: {l.emergency}</p> : null}

      {l.purged ? null : <LearnerDetails learner={l} />}

      {l.purged ? null : (
        <LearnerRegister
          learner={l}
          board={board}
          today={today}
          registerDay={registerDay}
          busy={change.isPending}
          blocked={blocked}
          run={run}
        />
      )}

      {l.has_evidence ? (
        // The trainer opens the evidence they rely on (each open is logged) and marks it seen (decision 331).
        <div className="learner-card__files" aria-label={`Evidence of ${l.name}`} role="group">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => download(`/api/admin/learners/${l.id}/evidence`, `first-aid-${l.id}`)}
          >
            Open first aid certificate
          </Button>
          <label className="learner-check">
            <input
              type="checkbox"
              checked={l.evidence_seen_at !== null}
              onChange={(e) => run({ kind: "evidenceSeen", seen: e.target.checked })}
            />
            {l.evidence_seen_at ? `Seen by ${l.evidence_seen_by ?? "staff"}, ${when(l.evidence_seen_at)}` : "Mark as seen"}
          </label>
        </div>
      ) : null}
      {canSeePersonalFiles ? (
        <div className="learner-card__files">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => download(`/api/admin/learners/${l.id}/subject-access.json`, `learner-${l.id}-subject-access.json`)}
          >
            Subject access (JSON)
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => download(`/api/admin/learners/${l.id}/subject-access.pdf`, `learner-${l.id}-subject-access.pdf`)}
          >
            Subject access (PDF)
          </Button>
        </div>
      ) : null}
    </article>
  );
}
