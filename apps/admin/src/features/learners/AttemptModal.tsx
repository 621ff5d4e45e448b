/**
 * A learner's mock paper with their answers, for trainers and the office (learner portal). Opening it
 * is a staff view of the learner's answers, so the API writes it to the activity log.
 */
import { useQuery } from "@tanstack/react-query";
import { Modal, Spinner } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";

export function AttemptModal({
  learnerId,
  attemptId,
  name,
  onClose,
}: {
  learnerId: number;
  attemptId: number;
  name: string;
  onClose: () => void;
}) {
  const query = useQuery({
    queryKey: ["learner-attempt", learnerId, attemptId],
    queryFn: () => unwrap(api.study.attempt({ params: { id: learnerId, attemptId } })),
  });
  const paper = query.data;
  return (
    <Modal open onClose={onClose} title={`${name}: mock paper`} size="lg">
      {query.isPending ? (
        <Spinner label="Loading the paper..." />
      ) : query.isError || !paper ? (
        <p role="alert">{errorMessage(query.error)}</p>
      ) : (
        <>
          <p>
            {paper.unit_title}
            {paper.score
              ? ` · ${paper.score.correct} of ${paper.score.total} right (${paper.score.percent}%, pass mark ${paper.score.pass_percent}%)`
              : " · not handed in yet"}
          </p>
          <div className="attempt-scroll" tabIndex={0} role="region" aria-label="Answers">
            <ol className="attempt-list">
              {paper.questions.map((q) => {
                const r = paper.review?.find((x) => x.question_id === q.id);
                return (
                  <li key={q.id}>
                    <strong>{q.question}</strong>
                    <br />
                    Answered: {q.chosen === null ? "no answer" : q.options[q.chosen]}
                    {r ? (
                      <span className={r.right ? "learners__good" : "learners__bad"}>
                        {r.right ? " (right)" : ` (right answer: ${q.options[r.correct_option]})`}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </div>
        </>
      )}
    </Modal>
  );
}
