/**
 * The classroom register for one learner: the ID check on day 1, attendance on the day being
 * taken, results per unit and the certificate. Each change goes through the card's `run`.
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
import type { RegisterChange } from "./api";

const nowHm = () => new Date().toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

type Props = {
  learner: RegisterLearner;
  board: LearnerBoard;
  today: string;
  /** The day the board is taking the register for. */
  registerDay: string;
  /** A change is being saved: every control waits. */
  busy: boolean;
  /** Why the last results were refused, in the API's words. */
  blocked: string | null;
  run: (change: RegisterChange, done?: string) => void;
};

export function LearnerRegister({ learner: l, board, today, registerDay, busy, blocked, run }: Props) {
  const toast = useToast();
  const [doc, setDoc] = useState<IdDocumentType | "">(
    l.id_checked_document ? (l.id_checked_document as IdDocumentType) : (l.id_document_type ?? ""),
  );
  const [lateTimes, setLateTimes] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Record<string, string>>(() =>
    Object.fromEntries(l.results.map((r) => [r.unit, r.result])),
  );
  const r = l.readiness;
  const attendanceOn = (day: string) => l.attendance.find((a) => a.day === day);
  const resultsChanged = board.units.some((u) => (results[u] ?? "") !== (l.results.find((x) => x.unit === u)?.result ?? ""));

  return (
    <div className="learner-register">
      <section className="learner-register__block" aria-label={`ID check for ${l.name}`}>
        <h3>ID check (day 1)</h3>
        <div className="learner-register__row">
          <label className="learner-register__select">
            <span>Document seen</span>
            <select className="ui-input ui-select" value={doc} onChange={(e) => setDoc(e.target.value as IdDocumentType | "")}>
              <option value="">Choose the document</option>
              {ID_DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ID_DOCUMENT_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          {l.id_checked_at ? (
            <Button variant="secondary" onClick={() => run({ kind: "id", checked: false })} disabled={busy}>
              Undo ID check
            </Button>
          ) : (
            <Button
              onClick={() =>
                doc
                  ? run({ kind: "id", checked: true, document_type: doc }, "ID checked")
                  : toast.error("Please choose the document type seen")
              }
              disabled={busy}
            >
              Mark ID checked
            </Button>
          )}
        </div>
        {l.id_checked_at ? (
          <p className="learners__muted">
            Checked by {l.id_checked_by}: {ID_DOCUMENT_LABELS[l.id_checked_document as IdDocumentType] ?? l.id_checked_document}
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
                    disabled={busy}
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
            disabled={busy || !resultsChanged}
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
              disabled={busy || (r.result !== "pass" && !l.certificate_issued_at)}
              onChange={(e) => run({ kind: "certificate", issued: e.target.checked })}
            />
            Certificate issued
          </label>
        </div>
      </section>
    </div>
  );
}
