/**
 * /learner/:token — the learner's pre-course form for a licence-linked course (learner records).
 * Phone first; saves as the learner types (useAutosave) with a visible 'Saved' state; what is
 * still missing is listed at the top and beside each field; it can be finished over several
 * visits. The first aid and the declarations sections have their own files.
 */
import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { SelectField, Spinner, TextAreaField, TextField } from "@app/ui";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import type { LearnerForm } from "@app/contract";
import { ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES } from "@app/contract";
import { ApiError } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { learnerApi } from "./api";
import { useAutosave, type SaveState } from "./useAutosave";
import { valuesOf, type FieldKit, type Values } from "./learnerFields";
import { Progress, Section } from "./LearnerFormParts";
import { FirstAidSection } from "./FirstAidSection";
import { ConsentSections } from "./ConsentSections";
import "./learner.css";

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
  const text: FieldKit["text"] = (field, label, props = {}) => (
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
  const kit: FieldKit = { values, set, text, autosave };

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

        {form.first_aid_required ? <FirstAidSection token={token} form={form} onForm={setForm} kit={kit} /> : null}

        <ConsentSections form={form} kit={kit} />
      </div>
      <p className={`learner-save learner-save--${autosave.state}`} role="status" aria-live="polite">
        {SAVE_TEXT[autosave.state]}
      </p>
    </div>
  );
}
