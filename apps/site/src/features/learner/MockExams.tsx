/**
 * Mock exams in the portal (learner portal): each unit's paper settings and scores; a paper drawn by
 * the server, timed by the server's deadline (the countdown here only shows it, and resyncs on
 * every answer), each answer saved as it is chosen, handed in by the learner or when the time is
 * up; then the score and every question with the right answer and its explanation.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button, Spinner } from "@app/ui";
import type { Attempt, Portal } from "@app/contract";
import { portalApi } from "./api";

type Props = { token: string; portal: Portal; paperId: number | null; onDone: () => void };

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export function MockExams({ token, portal, paperId, onDone }: Props) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const here = `/learner/${encodeURIComponent(token)}?view=mocks`;
  const open = (id: number) => navigate(`${here}&paper=${id}`);
  if (paperId) return <Paper token={token} id={paperId} onDone={onDone} back={() => navigate(here)} />;
  const start = async (unitId: number) => {
    try {
      void open((await portalApi.start(token, unitId)).id);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not start the paper");
    }
  };
  const units = portal.units.filter((u) => u.bank_size > 0);
  if (!units.length) return <p>Mock exams for your course will appear here.</p>;
  return (
    <div className="portal-stack">
      <p>Sit a practice paper as often as you like. The clock keeps running if you close the page.</p>
      {error ? (
        <p role="alert" className="portal-error">
          {error}
        </p>
      ) : null}
      {units.map((u) => (
        <section key={u.id} className="portal-unit">
          <h2>{u.title}</h2>
          <p className="portal-muted">
            {Math.min(u.question_count, u.bank_size)} questions · {u.minutes} minutes · pass mark {u.pass_percent}%
          </p>
          <p>
            {u.attempts
              ? `Best ${u.best_percent}% · latest ${u.latest_percent}% · ${u.attempts} ${u.attempts === 1 ? "paper" : "papers"} sat`
              : "Not sat yet"}
          </p>
          {u.open_attempt_id ? (
            <Button onClick={() => open(u.open_attempt_id!)}>Continue your paper</Button>
          ) : (
            <Button onClick={() => void start(u.id)}>Start a mock paper</Button>
          )}
        </section>
      ))}
    </div>
  );
}

function Paper({ token, id, onDone, back }: { token: string; id: number; onDone: () => void; back: () => void }) {
  const [paper, setPaper] = useState<Attempt | null>(null);
  const [left, setLeft] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const handingIn = useRef(false);

  useEffect(() => {
    const ctl = new AbortController();
    portalApi
      .paper(token, id, ctl.signal)
      .then((p) => {
        setPaper(p);
        setLeft(p.seconds_left);
      })
      .catch((e: unknown) => !ctl.signal.aborted && setError(e instanceof Error ? e.message : "Could not load the paper"));
    return () => ctl.abort();
  }, [token, id]);

  const handIn = async (current: Attempt) => {
    if (handingIn.current) return;
    handingIn.current = true;
    try {
      const answers = current.questions.filter((q) => q.chosen !== null).map((q) => ({ question_id: q.id, choice: q.chosen! }));
      setPaper(await portalApi.submit(token, id, answers));
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not hand in");
    } finally {
      handingIn.current = false;
    }
  };

  const running = paper !== null && paper.submitted_at === null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  useEffect(() => {
    if (running && left === 0 && paper) void handIn(paper);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, left]);

  if (error && !paper) return <p role="alert">{error}</p>;
  if (!paper) return <Spinner label="Loading your paper" />;

  const choose = async (questionId: number, choice: number) => {
    setPaper((p) => p && { ...p, questions: p.questions.map((q) => (q.id === questionId ? { ...q, chosen: choice } : q)) });
    try {
      setLeft((await portalApi.answer(token, id, { question_id: questionId, choice })).seconds_left);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Answer not saved");
    }
  };

  const answered = paper.questions.filter((q) => q.chosen !== null).length;
  const review = new Map((paper.review ?? []).map((r) => [r.question_id, r]));
  return (
    <div className="portal-stack">
      <h2>{paper.unit_title}</h2>
      {paper.score ? (
        <div className={`portal-score ${paper.score.passed ? "is-pass" : "is-fail"}`} role="status">
          <strong>
            {paper.score.percent}%: {paper.score.passed ? "pass" : "not a pass yet"}
          </strong>
          <span>
            {paper.score.correct} of {paper.score.total} right; the pass mark is {paper.score.pass_percent}%.
          </span>
        </div>
      ) : (
        <div className="portal-timer" role="timer" aria-live="off">
          <span>Time left</span> <strong>{clock(left)}</strong>{" "}
          <span className="portal-muted">
            · {answered} of {paper.questions.length} answered
          </span>
        </div>
      )}
      {error ? (
        <p role="alert" className="portal-error">
          {error}
        </p>
      ) : null}
      <ol className="portal-questions">
        {paper.questions.map((q, n) => {
          const r = review.get(q.id);
          return (
            <li key={q.id} className={r ? (r.right ? "is-right" : "is-wrong") : undefined}>
              <fieldset disabled={!running}>
                <legend>
                  <span className="portal-muted">Question {n + 1}.</span> {q.question}
                </legend>
                {q.options.map((o, i) => (
                  <label key={i} className={r && i === r.correct_option ? "portal-option is-correct" : "portal-option"}>
                    <input type="radio" name={`q-${q.id}`} checked={q.chosen === i} onChange={() => void choose(q.id, i)} />
                    <span>{o}</span>
                  </label>
                ))}
              </fieldset>
              {r ? (
                <p className="portal-explain">
                  <strong>{r.right ? "Right." : `Not quite: the answer is "${q.options[r.correct_option]}".`}</strong>{" "}
                  {r.explanation}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {running ? (
        <Button onClick={() => void handIn(paper)}>Hand in my paper</Button>
      ) : (
        <Button variant="secondary" onClick={back}>
          Back to mock exams
        </Button>
      )}
    </div>
  );
}
