/**
 * One learner on the readiness board and in the digital register: where they stand (chips and
 * the reasons in words) and, for the classroom, the ID check, attendance per day, results per
 * unit and the certificate, with big touch targets for a phone or tablet.
 */
import { useState } from "react";
import { Button, useToast } from "@app/ui";
import { formatDayWithWeekday } from "@app/contract/dates";
import {
  ID_DOCUMENT_LABELS,
  ID_DOCUMENT_TYPES,
  type IdDocumentType,
  type LearnerBoard,
  type RegisterLearner,
} from "@app/contract";
import { errorMessage } from "../../lib/errors";
import { downloadFile, useRegisterChange } from "./api";

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

const nowHm = () => new Date().toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

export function LearnerCard({ learner: l, board, canSeePersonalFiles, today, day: registerDay, overrideReason = "" }: Props) {
  const change = useRegisterChange(board.course_date_id);
  const toast = useToast();
  const [doc, setDoc] = useState<IdDocumentType | "">(
    l.id_checked_document ? (l.id_checked_document as IdDocumentType) : (l.id_document_type ?? ""),
  );
  const [lateTimes, setLateTimes] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Record<string, string>>(() =>
    Object.fromEntries(l.results.map((r) => [r.unit, r.result])),
  );
  const [blocked, setBlocked] = useState<string | null>(null);
  const r = l.readiness;

  const run = (c: Parameters<typeof change.mutate>[0]["change"], done?: string) =>
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
  const attendanceOn = (day: string) => l.attendance.find((a) => a.day === day);
  const resultsChanged = board.units.some((u) => (results[u] ?? "") !== (l.results.find((x) => x.unit === u)?.result ?? ""));

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
        <div className="learner-register">
          <section className="learner-register__block" aria-label={`ID check for ${l.name}`}>
            <h3>ID check (day 1)</h3>
            <div className="learner-register__row">
              <label className="learner-register__select">
                <span>Document seen</span>
                <select
                  className="ui-input ui-select"
                  value={doc}
                  onChange={(e) => setDoc(e.target.value as IdDocumentType | "")}
                >
                  <option value="">Choose the document</option>
                  {ID_DOCUMENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {ID_DOCUMENT_LABELS[t]}
                    </option>
                  ))}
                </select>
              </label>
              {l.id_checked_at ? (
                <Button variant="secondary" onClick={() => run({ kind: "id", checked: false })} disabled={change.isPending}>
                  Undo ID check
                </Button>
              ) : (
                <Button
                  onClick={() =>
                    doc
                      ? run({ kind: "id", checked: true, document_type: doc }, "ID checked")
                      : toast.error("Please choose the document type seen")
                  }
                  disabled={change.isPending}
                >
                  Mark ID checked
                </Button>
              )}
            </div>
            {l.id_checked_at ? (
              <p className="learners__muted">
                Checked by {l.id_checked_by}:{" "}
                {ID_DOCUMENT_LABELS[l.id_checked_document as IdDocumentType] ?? l.id_checked_document}
              </p>
            ) : null}
          </section>

          <section className="learner-register__block" aria-label={`Attendance of ${l.name}`}>
            <h3>Attendance</h3>
            {board.days.map((day, i) => {
              // One day at a time: the day the board is taking the register for.
              if (day !== registerDay) return null;
              const a = attendanceOn(day);
              return (
                <div className="learner-register__day" key={day}>
                  <span className="learner-register__dayname">
                    Day {i + 1}, {formatDayWithWeekday(day)}
                    {day === today ? " (today)" : ""}
                  </span>
                  <div className="learner-seg" role="group" aria-label={`Day ${i + 1}`}>
                    {(["present", "absent", "late"] as const).map((s) => (
                      <button
                        key={s}
                        type="button"
                        className={`learner-seg__btn ${a?.status === s ? "learner-seg__btn--on" : ""}`}
                        aria-pressed={a?.status === s}
                        disabled={change.isPending}
                        onClick={() => {
                          if (s === "late") {
                            const t = lateTimes[day] ?? nowHm();
                            setLateTimes((x) => ({ ...x, [day]: t }));
                            run({ kind: "attendance", day, status: "late", arrived_at: t });
                          } else run({ kind: "attendance", day, status: a?.status === s ? null : s });
                        }}
                      >
                        {s === "present" ? "Present" : s === "absent" ? "Absent" : "Late"}
                      </button>
                    ))}
                  </div>
                  {a?.status === "late" ? (
                    <label className="learner-register__time">
                      <span>Arrived at</span>
                      <input
                        className="ui-input"
                        type="time"
                        value={lateTimes[day] ?? a.arrived_at ?? ""}
                        onChange={(e) => setLateTimes((x) => ({ ...x, [day]: e.target.value }))}
                        onBlur={(e) =>
                          e.target.value &&
                          e.target.value !== a.arrived_at &&
                          run({ kind: "attendance", day, status: "late", arrived_at: e.target.value })
                        }
                      />
                    </label>
                  ) : null}
                </div>
              );
            })}
          </section>

          <section className="learner-register__block" aria-label={`Results of ${l.name}`}>
            <h3>Results</h3>
            {r.results_blocked || blocked ? (
              <p className="learner-card__reasons" role="alert">
                {blocked ?? `Results cannot be recorded: ${r.results_blocked}`}
              </p>
            ) : null}
            {board.units.map((unit) => (
              <label key={unit} className="learner-register__select">
                <span>{unit}</span>
                <select
                  className="ui-input ui-select"
                  value={results[unit] ?? ""}
                  onChange={(e) => setResults((x) => ({ ...x, [unit]: e.target.value }))}
                  disabled={!!r.results_blocked}
                >
                  <option value="">No result yet</option>
                  <option value="pass">Pass</option>
                  <option value="fail">Fail</option>
                  <option value="resit">Resit</option>
                </select>
              </label>
            ))}
            <div className="learner-register__row">
              <Button
                disabled={change.isPending || !resultsChanged}
                onClick={() =>
                  run(
                    {
                      kind: "results",
                      results: board.units.map((u) => ({
                        unit: u,
                        result: (results[u] || null) as "pass" | "fail" | "resit" | null,
                      })),
                    },
                    "Results saved",
                  )
                }
              >
                Save results
              </Button>
              <label className="learner-register__check">
                <input
                  type="checkbox"
                  checked={!!l.certificate_issued_at}
                  disabled={change.isPending || (r.result !== "pass" && !l.certificate_issued_at)}
                  onChange={(e) => run({ kind: "certificate", issued: e.target.checked })}
                />
                Certificate issued
              </label>
            </div>
          </section>
        </div>
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

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" }) : null;
const day = (iso: string | null) => (iso ? formatDayWithWeekday(iso) : null);

/** Everything the learner gave on the form, folded away until asked for. */
function LearnerDetails({ learner: l }: { learner: RegisterLearner }) {
  const d = l.details;
  const rows: [string, string | null][] = [
    ["Full name as on ID", l.full_name],
    ["Date of birth", day(d.date_of_birth)],
    ["Address", [d.address, d.postcode].filter(Boolean).join(", ") || null],
    ["E-mail", l.email],
    ["Phone", l.phone],
    ["Emergency contact", l.emergency],
    [
      "ID they will bring",
      l.id_document_type
        ? `${ID_DOCUMENT_LABELS[l.id_document_type]}${d.id_document_expiry ? `, expires ${day(d.id_document_expiry)}` : ""}`
        : null,
    ],
    ["First aid", d.first_aid_title ? `${d.first_aid_title}${d.first_aid_body ? ` (${d.first_aid_body})` : ""}` : null],
    [
      "First aid achieved / expires",
      d.first_aid_achieved_on || l.first_aid_expires_on
        ? `${day(d.first_aid_achieved_on) ?? "?"} / ${day(l.first_aid_expires_on) ?? "?"}`
        : null,
    ],
    ["English declaration", when(d.english_declared_at)],
    ["Fitness declaration", d.fitness_name ? `${d.fitness_name}, ${when(d.fitness_declared_at)}` : null],
    ["ULN", d.uln],
    ["SIA account link", d.sia_link_consent === null ? null : d.sia_link_consent ? "Yes" : "No"],
    ["Reasonable adjustments", l.adjustments],
  ];
  return (
    <details className="learner-details">
      <summary>Form details</summary>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v ?? <span className="learners__bad">Not given</span>}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
