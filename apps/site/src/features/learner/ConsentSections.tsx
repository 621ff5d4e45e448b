import { CheckboxField, TextField } from "@app/ui";
import type { LearnerForm } from "@app/contract";
import type { FieldKit } from "./learnerFields";
import { Section } from "./LearnerFormParts";

/** The declarations the learner signs (English, fitness) and their consents (SIA account link, reminders). */
export function ConsentSections({ form, kit: { values, set, text, autosave } }: { form: LearnerForm; kit: FieldKit }) {
  return (
    <>
      <Section title="Declarations">
        <CheckboxField
          id="f-english_declared"
          label="I can speak, read and write English well enough to take part in the training and the assessments (the SIA's English language requirement)."
          checked={values.english_declared === true}
          onChange={(e) => set("english_declared", e.target.checked, true)}
        />
        <TextField
          id="f-fitness_name"
          label="Fitness declaration: type your full name to sign"
          hint="I declare that I am fit to take part in the physical intervention training, and I will tell the trainer about any injury or condition before it starts."
          value={String(values.fitness_name ?? "")}
          onChange={(e) => set("fitness_name", e.target.value)}
          onBlur={autosave.flush}
          error={autosave.errors.fitness_name}
        />
        {form.fields.fitness_declared_at ? (
          <p className="learner-signed">
            Signed{" "}
            {new Date(form.fields.fitness_declared_at).toLocaleString("en-GB", {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: "Europe/London",
            })}
          </p>
        ) : null}
      </Section>

      <Section title="SIA account and learner number">
        {text("uln", "Unique Learner Number (ULN), if you have one", {
          inputMode: "numeric",
          hint: "Optional: 10 digits, shown on earlier qualification certificates.",
        })}
        <fieldset className="learner-choice">
          <legend>May we link your SIA online account to ours, so we can help with your licence application?</legend>
          {[
            [true, "Yes"],
            [false, "No"],
          ].map(([v, label]) => (
            <label key={String(v)} className="learner-choice__option">
              <input
                type="radio"
                name="sia_link_consent"
                checked={values.sia_link_consent === v}
                onChange={() => set("sia_link_consent", v as boolean, true)}
              />{" "}
              {label as string}
            </label>
          ))}
        </fieldset>
        <CheckboxField
          id="f-marketing_opt_in"
          label="Send me course and licence-renewal reminders (optional)"
          checked={values.marketing_opt_in === true}
          onChange={(e) => set("marketing_opt_in", e.target.checked, true)}
        />
      </Section>
    </>
  );
}
