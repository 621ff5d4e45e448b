import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, TextAreaField, useToast } from "@app/ui";
import { PREREQUISITE_LABELS } from "@app/contract";
import type { Enrollment, PrerequisiteKey } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";

/**
 * Course finder and prerequisites in the enrolment's details: the course finder's answers and each attendee's prerequisite
 * answers, and, for a booking waiting for the office, Approve (the customer is mailed the payment
 * link) or Decline with a reason (mailed; the places are released).
 */
const FINDER_LABELS: Record<string, string> = {
  licence: "SIA licence held",
  expiry: "Licence expires",
  trained: "Trained",
  job: "Job wanted",
  firstAid: "First aid",
  firstAidExpiry: "First aid expires",
};

const words = (v: string) => v.replace(/_/g, " ");

export function ApprovalPanel({ enrolment, onDone }: { enrolment: Enrollment; onDone: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [declining, setDeclining] = useState(false);
  const after = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: queryKeys.enrollments });
    onDone();
  };
  const approve = useMutation({
    mutationFn: () => unwrap(api.approvals.approve({ params: { id: enrolment.id } })),
    onSuccess: () => after("Approved: the customer has been e-mailed the payment link"),
    onError: (e: Error) => toast.error(e.message),
  });
  const decline = useMutation({
    mutationFn: () => unwrap(api.approvals.decline({ params: { id: enrolment.id }, body: { reason } })),
    onSuccess: () => after("Declined: the customer has been e-mailed your reason"),
    onError: (e: Error) => toast.error(e.message),
  });

  const answered = enrolment.courses.flatMap((c) =>
    c.attendees.filter((a) => a.answers && Object.keys(a.answers).length).map((a) => ({ course: c.title, a })),
  );
  const finder = enrolment.finder_answers;
  if (!enrolment.approval && !finder && answered.length === 0) return null;

  return (
    <section className="enrol-approval" aria-labelledby="enrol-approval-title">
      <h3 id="enrol-approval-title" className="enrol-modal__courses-title">
        {enrolment.approval === "waiting" ? "Waiting for your approval" : "Course checks"}
      </h3>
      {enrolment.approval === "declined" && enrolment.decline_reason ? <p>Declined: {enrolment.decline_reason}</p> : null}
      {enrolment.approval === "approved" ? <p>Approved: the customer was e-mailed the payment link.</p> : null}
      {answered.map(({ course, a }) => (
        <dl key={a.id} className="admin-details">
          <div className="admin-details__wide">
            <dt>Attendee</dt>
            <dd>
              {a.first_name} {a.last_name} ({course})
            </dd>
          </div>
          {Object.entries(a.answers ?? {}).map(([k, v]) => (
            <div key={k}>
              <dt>{PREREQUISITE_LABELS[k as PrerequisiteKey] ?? k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ))}
      {finder ? (
        <dl className="admin-details" aria-label="Course finder answers">
          {Object.entries(finder).map(([k, v]) => (
            <div key={k}>
              <dt>{FINDER_LABELS[k] ?? k}</dt>
              <dd>{words(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {enrolment.approval === "waiting" && enrolment.status === "pending" ? (
        <div className="enrol-approval__actions">
          {declining ? (
            <>
              <TextAreaField
                id="decline-reason"
                label="Reason for the customer"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button variant="danger" loading={decline.isPending} disabled={!reason.trim()} onClick={() => decline.mutate()}>
                Decline booking
              </Button>
            </>
          ) : (
            <>
              <Button loading={approve.isPending} onClick={() => approve.mutate()}>
                Approve and send payment link
              </Button>
              <Button variant="secondary" onClick={() => setDeclining(true)}>
                Decline…
              </Button>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
