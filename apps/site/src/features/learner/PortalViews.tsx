/**
 * The portal's simpler views (learner portal): revision by unit with each section's read tick, the
 * results and the certificate's progress, and the licence steps with their guidance.
 */
import { useState } from "react";
import { Button, CheckboxField, TextField } from "@app/ui";
import type { LicenceStep, Portal } from "@app/contract";
import { formatLongDate } from "@app/rules";
import { portalApi } from "./api";

type Props = { token: string; portal: Portal; onChange: (p: Portal) => void };

const RESULT_LABELS = { pass: "Pass", fail: "Not yet passed", resit: "Resit booked" } as const;
const day = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10)) : null);

export function RevisionView({ token, portal, onChange }: Props) {
  const [error, setError] = useState<string | null>(null);
  const units = portal.units.filter((u) => u.sections.length);
  if (!units.length) return <p>Revision for your course will appear here.</p>;
  const tick = async (id: number, done: boolean) => {
    try {
      onChange(await portalApi.revision(token, id, done));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Not saved");
    }
  };
  return (
    <div className="portal-stack">
      {error ? <p role="alert">{error}</p> : null}
      {units.map((u) => {
        const read = u.sections.filter((s) => s.done).length;
        return (
          <section key={u.id} className="portal-unit">
            <h2>{u.title}</h2>
            <p className="portal-muted">
              {read} of {u.sections.length} read
            </p>
            {u.sections.map((s) => (
              <article key={s.id} className="portal-section" aria-labelledby={`section-${s.id}`}>
                <h3 id={`section-${s.id}`}>{s.title}</h3>
                {/* Sanitised on the server through an allow-list when the office saved it (decision 351). */}
                <div className="portal-prose" dangerouslySetInnerHTML={{ __html: s.html }} />
                <CheckboxField
                  id={`read-${s.id}`}
                  label="I have read this"
                  checked={s.done}
                  onChange={(e) => void tick(s.id, e.target.checked)}
                />
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}

export function ResultsView({ portal }: { portal: Portal }) {
  const c = portal.certificate;
  const steps: [string, string | null][] = [
    ["Results recorded", c.results_on],
    ["Certificate claimed from the awarding body", c.claimed_on],
    ["Certificate received by us", c.received_on],
    [c.sent_how === "collected" ? "Certificate collected" : "Certificate posted to you", c.sent_on],
  ];
  return (
    <div className="portal-stack">
      <section>
        <h2>Your results</h2>
        {portal.results.length ? (
          <ul className="portal-list">
            {portal.results.map((r) => (
              <li key={r.unit}>
                <span>{r.unit}</span>
                <strong className={`portal-result portal-result--${r.result}`}>{RESULT_LABELS[r.result]}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p>Your results show here as soon as your trainer records them on the day.</p>
        )}
      </section>
      <section>
        <h2>Your certificate</h2>
        {c.due_on ? (
          <p>We aim to send your certificate by {formatLongDate(c.due_on)} (4 working days after your results).</p>
        ) : null}
        <ol className="portal-steps">
          {steps.map(([label, on]) => (
            <li key={label} className={on ? "is-done" : undefined}>
              <span>{label}</span>
              <span className="portal-muted">{on ? formatLongDate(on) : "Not yet"}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function LicenceView({ token, portal, onChange }: Props) {
  const [number, setNumber] = useState(portal.licence.licence_number ?? "");
  const [expiry, setExpiry] = useState(portal.licence.licence_expires_on ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = async (step: LicenceStep, done: boolean, extra: { licence_number?: string; licence_expires_on?: string } = {}) => {
    try {
      onChange(await portalApi.step(token, { step, done, ...extra }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Not saved");
    }
  };
  return (
    <div className="portal-stack">
      <p>We help you with every step: tick each one as you finish it, or call us and we will record it for you.</p>
      {error ? (
        <p role="alert" className="portal-error">
          {error}
        </p>
      ) : null}
      <ol className="portal-licence">
        {portal.licence.steps.map((s) => (
          <li key={s.step} className={s.done_at ? "is-done" : undefined}>
            <h2>{s.title}</h2>
            <p>{s.guide}</p>
            {s.step === "granted" && !s.done_at ? (
              <div className="portal-grant">
                <TextField
                  id="licence-number"
                  label="Licence number (16 digits)"
                  inputMode="numeric"
                  value={number}
                  onChange={(e) => setNumber(e.target.value)}
                />
                <TextField
                  id="licence-expiry"
                  label="Expiry date"
                  type="date"
                  value={expiry}
                  onChange={(e) => setExpiry(e.target.value)}
                />
                <Button
                  onClick={() =>
                    void save("granted", true, { licence_number: number.replace(/\s/g, ""), licence_expires_on: expiry })
                  }
                >
                  Save my licence
                </Button>
              </div>
            ) : (
              <CheckboxField
                id={`step-${s.step}`}
                label={
                  s.done_at
                    ? `Done ${day(s.done_at)}${s.recorded_by && s.recorded_by !== "learner" ? " (recorded by us)" : ""}`
                    : "Done"
                }
                checked={s.done_at !== null}
                onChange={(e) => void save(s.step, e.target.checked)}
              />
            )}
            {s.step === "granted" && s.done_at ? (
              <p className="portal-muted">
                Licence {portal.licence.licence_number}, expires {day(portal.licence.licence_expires_on)}. We will remind you
                before it runs out.
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
