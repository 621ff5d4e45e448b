/**
 * /learner/:token — the learner's pre-course form for a licence-linked course (learner records).
 * Phone first; saves as the learner types (useAutosave) with a visible 'Saved' state; what is
 * still missing is listed at the top and beside each field; it can be finished over several
 * visits. Longer than most pages because the form has many sections; each is a small component.
 */
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { CheckboxField, SelectField, Spinner, TextAreaField, TextField } from "@app/ui";
import { formatDateRangeWithWeekday, formatDayWithWeekday } from "@app/contract/dates";
import type { LearnerForm } from "@app/contract";
import {
  ID_DOCUMENT_LABELS,
  ID_DOCUMENT_TYPES,
  MAX_EVIDENCE_BYTES,
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
} from "@app/contract";
import { ApiError } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { learnerApi } from "./api";
import { useAutosave, type SaveState } from "./useAutosave";
import "./learner.css";
import { Link } from "../../components/Link";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Your learner form", config.provider),
    description: "Your pre-course details, ID, first aid and declarations for your SIA course.",
    keywords: ["learner form"],
    path: "/learner",
    breadcrumbs: [{ name: "Learner form", path: "/learner" }],
    robots: "noindex, nofollow",
  }),
};

type Values = Record<string, string | boolean | null>;

const TEXT_FIELDS = [
  "full_name",
  "date_of_birth",
  "address",
  "postcode",
  "phone",
  "email",
  "emergency_name",
  "emergency_phone",
  "adjustments",
  "id_document_type",
  "id_document_expiry",
  "first_aid_title",
  "first_aid_body",
  "first_aid_achieved_on",
  "first_aid_expires_on",
  "fitness_name",
  "uln",
] as const;

function valuesOf(form: LearnerForm): Values {
  const v: Values = {};
  for (const k of TEXT_FIELDS) v[k] = form.fields[k] ?? "";
  v.english_declared = form.fields.english_declared_at !== null;
  v.sia_link_consent = form.fields.sia_link_consent;
  v.marketing_opt_in = form.fields.marketing_opt_in;
  return v;
}

const SAVE_TEXT: Record<SaveState, string> = {
  idle: "Your answers save as you type",
  saving: "Saving…",
  saved: "Saved",
  invalid: "Saved, except the field marked in red",
  error: "Not saved yet: check your connection. We will try again.",
};

export default function LearnerFormPage() {
  const { token = "" } = useParams();
  const [form, setForm] = useState<LearnerForm | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [values, setValues] = useState<Values>({});
  const [uploading, setUploading] = useState(false);
  const onSaved = useCallback((f: LearnerForm) => setForm(f), []);
  const autosave = useAutosave(token, onSaved);

  useEffect(() => {
    const ctl = new AbortController();
    learnerApi
      .get(token, ctl.signal)
      .then((f) => {
        setForm(f);
        setValues(valuesOf(f));
      })
      .catch((e: unknown) => {
        if (!ctl.signal.aborted)
          setFailure({
            status: e instanceof ApiError ? e.status : 0,
            message: e instanceof Error ? e.message : "Something went wrong",
          });
      });
    return () => ctl.abort();
  }, [token]);

  if (failure) {
    return (
      <div className="learner-page">
        <div className="learner-card learner-card--message" role="alert">
          <h1>
            {failure.status === 410
              ? "This link has expired"
              : failure.status === 404
                ? "Link not valid"
                : "We couldn't load your form"}
          </h1>
          <p>{failure.message}</p>
        </div>
      </div>
    );
  }
  if (!form) {
    return (
      <div className="learner-page">
        {/* The server's first HTML is this state: a page needs its h1 before the form arrives. */}
        <h1 className="ui-visually-hidden">Learner form</h1>
        <Spinner size="lg" label="Loading your form" />
      </div>
    );
  }

  const set = (field: string, value: string | boolean | null, immediate = false) => {
    setValues((v) => ({ ...v, [field]: value }));
    autosave.change(field, value, immediate);
  };
  const missingFields = new Set(form.missing.map((m) => m.field));
  const text = (field: (typeof TEXT_FIELDS)[number], label: string, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`f-${field}`}
      label={label}
      value={String(values[field] ?? "")}
      onChange={(e) => set(field, e.target.value)}
      onBlur={autosave.flush}
      error={autosave.errors[field]}
      hint={!autosave.errors[field] && missingFields.has(field) ? <span className="learner-todo">Still needed</span> : undefined}
      {...props}
    />
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_EVIDENCE_BYTES)
      return autosave.setErrors((e) => ({ ...e, first_aid_certificate: EVIDENCE_TOO_LARGE_MESSAGE }));
    if (!/\.(pdf|jpe?g|png|webp)$/i.test(file.name) && !/^(application\/pdf|image\/(jpeg|png|webp))$/.test(file.type)) {
      return autosave.setErrors((e) => ({ ...e, first_aid_certificate: EVIDENCE_TYPE_MESSAGE }));
    }
    setUploading(true);
    try {
      const dataUrl = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error("Could not read the file"));
        reader.readAsDataURL(file);
      });
      setForm(await learnerApi.upload(token, file.name, dataUrl));
      autosave.setErrors(({ first_aid_certificate: _, ...rest }) => rest);
    } catch (e) {
      autosave.setErrors((x) => ({ ...x, first_aid_certificate: e instanceof Error ? e.message : "Upload failed" }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="learner-page">
      <div className="learner-card">
        <header className="learner-head">
          <p className="learner-head__eyebrow">Learner form</p>
          <h1>{form.course_title}</h1>
          <p>
            {formatDateRangeWithWeekday(form.start_date, form.end_date)} · for {form.attendee_name}
          </p>
        </header>

        <Progress form={form} />

        <Section title="Your details" hint="Your name exactly as it appears on your ID: the SIA checks that the names match.">
          {text("full_name", "Full name as on your ID", { autoComplete: "name" })}
          {text("date_of_birth", "Date of birth", { type: "date", autoComplete: "bday" })}
          <TextAreaField
            id="f-address"
            label="Address"
            rows={3}
            value={String(values.address ?? "")}
            onChange={(e) => set("address", e.target.value)}
            onBlur={autosave.flush}
            autoComplete="street-address"
            error={autosave.errors.address}
            hint={missingFields.has("address") ? <span className="learner-todo">Still needed</span> : undefined}
          />
          {text("postcode", "Postcode", { autoComplete: "postal-code", autoCapitalize: "characters" })}
          {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
          {text("email", "E-mail", { type: "email", autoComplete: "email" })}
        </Section>

        <Section title="Emergency contact">
          {text("emergency_name", "Name")}
          {text("emergency_phone", "Phone", { type: "tel" })}
        </Section>

        <Section
          title="Reasonable adjustments"
          hint="Optional: anything that helps you learn or take the assessments (e.g. extra time, a reader, access needs)."
        >
          <TextAreaField
            id="f-adjustments"
            label="Adjustments you need"
            rows={3}
            value={String(values.adjustments ?? "")}
            onChange={(e) => set("adjustments", e.target.value)}
            onBlur={autosave.flush}
          />
        </Section>

        <Section title="Your ID document" hint="Bring it on the first day: we check it before you are assessed.">
          <SelectField
            id="f-id_document_type"
            label="The ID you will bring"
            placeholder="Choose a document"
            options={ID_DOCUMENT_TYPES.map((t) => ({ value: t, label: ID_DOCUMENT_LABELS[t] }))}
            value={String(values.id_document_type ?? "")}
            onChange={(e) => set("id_document_type", e.target.value || null, true)}
            error={autosave.errors.id_document_type}
            hint={missingFields.has("id_document_type") ? <span className="learner-todo">Still needed</span> : undefined}
          />
          {text("id_document_expiry", "Expiry date of that document", { type: "date" })}
        </Section>

        {form.first_aid_required ? (
          <Section
            title="First aid qualification"
            hint={
              <>
                Door supervisor and security guard learners need a first aid certificate (EFAW or equivalent) that is still valid
                on <strong>{formatDayWithWeekday(form.first_aid_min_expiry)}</strong> or later (12 months after the course
                starts). No certificate, or one that runs out sooner?{" "}
                <Link to={form.efaw_path}>Book our Emergency First Aid at Work course</Link>.
              </>
            }
          >
            {text("first_aid_title", "Qualification title", { placeholder: "e.g. Emergency First Aid at Work" })}
            {text("first_aid_body", "Awarding body", { placeholder: "e.g. Qualsafe, HABC, St John Ambulance" })}
            {text("first_aid_achieved_on", "Date achieved", { type: "date" })}
            {text("first_aid_expires_on", "Expiry date", { type: "date" })}
            {autosave.errors.first_aid_expires_on ? (
              <p className="learner-efaw">
                <Link to={form.efaw_path}>See the EFAW course and its dates</Link>
              </p>
            ) : null}
            <div className={`ui-field learner-upload${autosave.errors.first_aid_certificate ? " ui-field--invalid" : ""}`}>
              <label className="ui-field__label" htmlFor="f-certificate">
                Photo or scan of your certificate
              </label>
              <p className="ui-field__hint" id="f-certificate-hint">
                PDF, JPEG, PNG or WebP, up to 10 MB.{" "}
                {form.evidence ? (
                  <strong>Uploaded: {form.evidence.file_name}</strong>
                ) : (
                  <span className="learner-todo">Still needed</span>
                )}
              </p>
              <input
                id="f-certificate"
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp"
                aria-describedby="f-certificate-hint"
                onChange={(e) => void onFile(e.target.files?.[0])}
                disabled={uploading}
              />
              {uploading ? <p className="ui-field__hint">Uploading…</p> : null}
              {autosave.errors.first_aid_certificate ? (
                <p className="ui-field__error">{autosave.errors.first_aid_certificate}</p>
              ) : null}
            </div>
          </Section>
        ) : null}

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
      </div>
      <p className={`learner-save learner-save--${autosave.state}`} role="status" aria-live="polite">
        {SAVE_TEXT[autosave.state]}
      </p>
    </div>
  );
}

function Progress({ form }: { form: LearnerForm }) {
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

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="learner-section">
      <h2>{title}</h2>
      {hint ? <p className="learner-section__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
