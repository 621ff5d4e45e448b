import type { ReactNode } from "react";
import type { LearnerForm } from "@app/contract";

/** What is still missing, each item a link to its field, or a thank-you once the form is complete. */
export function Progress({ form }: { form: LearnerForm }) {
  if (form.complete) {
    return (
      <div className="learner-progress learner-progress--done" id="learner-progress">
        <strong>Your form is complete.</strong> Thank you. You can still change anything until the course ends; bring your ID on
        the first day.
      </div>
    );
  }
  return (
    <div className="learner-progress" id="learner-progress">
      <strong>
        {form.missing.length} {form.missing.length === 1 ? "thing" : "things"} still to do
      </strong>{" "}
      (you can finish later with the same link):
      <ul>
        {form.missing.map((m) => (
          <li key={`${m.field}-${m.message}`}>
            <a href={`#f-${m.field === "first_aid_certificate" ? "certificate" : m.field}`}>{m.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="learner-section">
      <h2>{title}</h2>
      {hint ? <p className="learner-section__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
