import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { carried, FIRST_AID_OPTIONS, JOB_OPTIONS, LICENCE_OPTIONS, TRAINED_OPTIONS } from "./answers";
import type { Given, Question } from "./answers";

/**
 * One question of the course finder: a plain GET form whose buttons are the answers (one tap on a
 * phone), carrying the earlier answers as hidden fields, so it works before the script has loaded.
 */
const TEXT: Record<Question, { title: string; hint?: string }> = {
  licence: { title: "Do you hold an SIA licence?", hint: "Your current or most recent licence, if any." },
  expiry: { title: "When does your licence expire?", hint: "It is printed on the front of your licence card." },
  trained: { title: "When did you train for that licence?", hint: "The date on your qualification certificate." },
  job: { title: "Which job do you want to do?" },
  firstAid: {
    title: "When does your first-aid certificate run out?",
    hint: "Door supervisors and security officers need first aid (EFAW or equivalent) valid for 12 months from the start of their course.",
  },
};

function Choices({ name, options }: { name: string; options: Record<string, string> }) {
  return (
    <div className="finder-choices">
      {Object.entries(options).map(([value, label]) => (
        <button
          key={value}
          type="submit"
          name={name}
          value={value}
          className="ui-button ui-button--secondary ui-button--lg finder-choice"
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** A date answer with its "not sure" ways out (they skip the browser's required check). */
function DateAnswer({
  name,
  label,
  next,
  others,
}: {
  name: string;
  label: string;
  next?: [string, string];
  others: [string, string, string][];
}) {
  return (
    <div className="finder-date">
      <label className="ui-field__label" htmlFor={`finder-${name}`}>
        {label}
      </label>
      <input id={`finder-${name}`} className="ui-input" type="date" name={name} required />
      <div className="finder-choices">
        <button
          type="submit"
          className="ui-button ui-button--primary ui-button--lg finder-choice"
          {...(next ? { name: next[0], value: next[1] } : {})}
        >
          Next
        </button>
        {others.map(([n, v, text]) => (
          <button
            key={v}
            type="submit"
            name={n}
            value={v}
            formNoValidate
            className="ui-button ui-button--ghost ui-button--lg finder-choice"
          >
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The form's GET address as the browser would build it, answer button included. A plain <form>,
 * not react-router's <Form>: that component would join the site's first-load script (decision 258).
 */
function answerAddress(e: FormEvent<HTMLFormElement>): string {
  const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  const data = new FormData(e.currentTarget);
  if (submitter?.name) data.append(submitter.name, submitter.value);
  const query = new URLSearchParams([...data.entries()].map(([k, v]) => [k, String(v)] as [string, string]));
  return `${paths.courseFinder}?${query.toString()}`;
}

export function QuestionForm({ question, given, number }: { question: Question; given: Given; number: number }) {
  const text = TEXT[question];
  const navigate = useNavigate();
  return (
    <form
      method="get"
      action={paths.courseFinder}
      className="finder-card"
      aria-labelledby="finder-question"
      onSubmit={(e) => {
        e.preventDefault();
        void navigate(answerAddress(e));
      }}
    >
      <p className="finder-step">Question {number}</p>
      <h2 id="finder-question" className="finder-question">
        {text.title}
      </h2>
      {text.hint ? <p className="finder-hint">{text.hint}</p> : null}
      {carried(given).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {question === "licence" ? <Choices name="licence" options={LICENCE_OPTIONS} /> : null}
      {question === "trained" ? <Choices name="trained" options={TRAINED_OPTIONS} /> : null}
      {question === "job" ? <Choices name="job" options={JOB_OPTIONS} /> : null}
      {question === "expiry" ? (
        <DateAnswer name="expiry" label="Expiry date" others={[["expiryUnknown", "1", "I am not sure"]]} />
      ) : null}
      {question === "firstAid" ? (
        <DateAnswer
          name="firstAidExpiry"
          label="Expiry date of your first-aid certificate"
          next={["firstAid", "date"]}
          others={Object.entries(FIRST_AID_OPTIONS).map(([v, t]) => ["firstAid", v, t] as [string, string, string])}
        />
      ) : null}
    </form>
  );
}
