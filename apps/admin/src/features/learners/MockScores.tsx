/**
 * Mock exam scores beside the readiness board (learner portal): per learner and unit the best and the
 * latest score of the learner's practice papers; from two days before the exam a unit not yet
 * passed in a mock is flagged. Trainers see it too (the API allows them).
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@app/ui";
import { formatDayWithWeekday } from "@app/contract/dates";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { AttemptModal } from "./AttemptModal";

export function MockScores({ dateId }: { dateId: number }) {
  const query = useQuery({
    queryKey: ["learner-mocks", dateId],
    queryFn: () => unwrap(api.study.mockBoard({ params: { dateId } })),
  });
  const [open, setOpen] = useState<{ learnerId: number; attemptId: number; name: string } | null>(null);
  if (query.isPending) return <Spinner label="Loading the mock scores..." />;
  if (query.isError) return <p role="alert">The mock scores could not be loaded: {errorMessage(query.error)}</p>;
  const board = query.data;
  if (!board.units.length) return null;
  return (
    <section className="learner-mocks" aria-labelledby="mock-scores">
      <h2 id="mock-scores">Mock exam scores</h2>
      <p className="learner-mocks__hint">
        Best and latest practice score per unit. From {formatDayWithWeekday(board.flag_from)}, a unit not yet passed in a mock is
        flagged.
      </p>
      <div className="learner-mocks__scroll" tabIndex={0} role="region" aria-label="Mock exam scores table">
        <table className="learner-mocks__table">
          <thead>
            <tr>
              <th scope="col">Learner</th>
              {board.units.map((u) => (
                <th key={u.id} scope="col">
                  {u.title} <span className="learner-mocks__pass">(pass {u.pass_percent}%)</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.learners.map((l) => (
              <tr key={l.learner_id} className={l.flagged ? "is-flagged" : undefined}>
                <th scope="row">
                  {l.name}
                  {l.flagged ? <span className="learner-mocks__flag"> Below the pass mark</span> : null}
                </th>
                {l.scores.map((s) => (
                  <td key={s.unit_id} className={s.flagged ? "is-flagged" : undefined}>
                    {s.attempts ? (
                      <>
                        Best {s.best_percent}% · latest {s.latest_percent}%
                        <span className="learner-mocks__n"> ({s.attempts})</span>
                        <button
                          type="button"
                          className="learner-mocks__view"
                          onClick={() => setOpen({ learnerId: l.learner_id, attemptId: s.latest_attempt_id!, name: l.name })}
                        >
                          Latest answers<span className="ui-visually-hidden"> of {l.name}</span>
                        </button>
                      </>
                    ) : (
                      "Not sat"
                    )}
                    {s.flagged ? <span className="learner-mocks__flag"> Flagged</span> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? <AttemptModal {...open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
