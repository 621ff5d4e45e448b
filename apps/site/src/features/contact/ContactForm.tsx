import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { CheckCircle2 } from "lucide-react";
import { Button, CheckboxField, TextAreaField, TextField, useToast } from "@app/ui";
import { paths } from "../../config/paths";
import { api, ApiError } from "../../lib/api";
import { Link } from "../../components/Link";

/*
 * Fields get explicit ids (stable error ids whichever renderer made the server HTML, decision 022).
 */
/** The form's fields in display order (also the order in which the first error gets focus). */
const FIELDS = ["firstName", "lastName", "phoneNumber", "emailAddress", "message", "consent"] as const;
type Field = (typeof FIELDS)[number];
type Values = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: string;
  message: string;
  consent: boolean;
};
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { firstName: "", lastName: "", phoneNumber: "", emailAddress: "", message: "", consent: false };

export const CONTACT_SUCCESS = "Message sent !";

/**
 * The contract's schema brings zod (~18 KB gzipped, ~70 KB to parse): load it when the visitor
 * starts on the form (focus) or sends it, not with the page, so it costs nothing before the page
 * is interactive (bench/lighthouse.ts: total blocking time on /contact).
 */
const loadContactSchema = () => import("@app/contract").then((m) => m.ContactFormSchema);

/**
 * Contact form (spec §4/§5): editing → submitting ('Submitting...') → validation (the contract's
 * schema, loaded on first focus or on submit) → consent check → sending → thank-you card, form reset and
 * consent unticked. A field's error clears when it is edited; failures show a toast and a
 * general error next to the button.
 */
export function ContactForm({ initialMessage = "" }: { initialMessage?: string }) {
  const toast = useToast();
  // The course finder sends its answers here as ?message= (course finder and prerequisites): the visitor reads them before sending.
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, message: initialMessage }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function set<K extends Field>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function focusFirst(errs: Errors) {
    const first = FIELDS.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setGeneralError(null);
    try {
      const parsed = (await loadContactSchema()).safeParse(values);
      if (!parsed.success) {
        const errs: Errors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as Field | undefined;
          if (field && !errs[field]) errs[field] = issue.message;
        }
        setErrors(errs);
        focusFirst(errs);
        return;
      }
      const { consent: _consent, ...message } = parsed.data;
      await api.sendMessage(message);
      toast.success(CONTACT_SUCCESS);
      setSentTo(parsed.data.firstName);
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      const text = error instanceof Error ? error.message : "An unexpected error occurred";
      if (error instanceof ApiError && error.body?.issues?.length) {
        const errs: Errors = {};
        for (const issue of error.body.issues) {
          const field = issue.path.split(".")[0] as Field;
          if (FIELDS.includes(field) && !errs[field]) errs[field] = issue.message;
        }
        setErrors(errs);
        focusFirst(errs);
      }
      setGeneralError(text);
      toast.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo !== null) {
    return (
      <div className="thank-you" role="status">
        <CheckCircle2 size={48} aria-hidden="true" className="thank-you__icon" />
        <h3 className="thank-you__title">Thank you, {sentTo}!</h3>
        <p>Your message has been sent. One of our team will get back to you within one working day.</p>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      id="contact-form"
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadContactSchema()}
    >
      <div className="form-row">
        <TextField
          label="First name*"
          id="contact-firstName"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set("firstName", e.target.value)}
        />
        <TextField
          label="Last name*"
          id="contact-lastName"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set("lastName", e.target.value)}
        />
      </div>
      <div className="form-row">
        <TextField
          label="Phone Number*"
          id="contact-phoneNumber"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="Enter valid Phone number"
          value={values.phoneNumber}
          error={errors.phoneNumber}
          onChange={(e) => set("phoneNumber", e.target.value)}
        />
        <TextField
          label="Email address*"
          id="contact-emailAddress"
          name="emailAddress"
          type="email"
          autoComplete="email"
          value={values.emailAddress}
          error={errors.emailAddress}
          onChange={(e) => set("emailAddress", e.target.value)}
        />
      </div>
      <TextAreaField
        label="Message"
        id="contact-message"
        name="message"
        rows={5}
        value={values.message}
        error={errors.message}
        onChange={(e) => set("message", e.target.value)}
      />
      <CheckboxField
        id="contact-consent"
        name="consent"
        checked={values.consent}
        error={errors.consent}
        onChange={(e) => set("consent", e.target.checked)}
        label={
          <>
            I agree to the <Link to={paths.privacy}>Privacy Policy and Terms of Use</Link>
          </>
        }
      />
      <div className="contact-form__actions">
        <Button type="submit" size="lg" loading={submitting} loadingLabel="Submitting...">
          Submit
        </Button>
        {generalError ? (
          <p className="form-error" role="alert">
            {generalError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
