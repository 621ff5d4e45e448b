import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { MAX_PLACES_PER_ORDER, WaitlistJoinSchema, type CourseDate } from "@app/contract";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { Button, SelectField, TextField } from "@app/ui";
import { ApiError, apiFetch } from "../../lib/api";

type Field = "course_date_id" | "name" | "email" | "phone" | "places";
type Errors = Partial<Record<Field, string>>;
const FIELD_ORDER: Field[] = ["course_date_id", "name", "email", "phone", "places"];

const dateText = (d: CourseDate) => formatDateRangeWithWeekday(d.startDate, d.endDate) || d.label;
const PLACE_OPTIONS = Array.from({ length: MAX_PLACES_PER_ORDER }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? "1 place" : `${i + 1} places`,
}));

/**
 * The 'Join the waiting list' form (name, e-mail, phone, places wanted): checked with the
 * contract's schema, so the words are the API's ('Name is required', …), then sent to
 * POST /api/waiting-list. Joining again with the same e-mail is answered kindly by the API.
 */
export default function WaitlistJoinForm({ dates, courseTitle }: { dates: CourseDate[]; courseTitle: string }) {
  const [values, setValues] = useState({
    course_date_id: dates.length === 1 ? String(dates[0]!.id) : "",
    name: "",
    email: "",
    phone: "",
    places: "1",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: busy,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = WaitlistJoinSchema.safeParse({
      course_date_id: values.course_date_id ? Number(values.course_date_id) : undefined,
      name: values.name,
      email: values.email,
      phone: values.phone,
      places: Number(values.places),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field | undefined;
        if (key && found[key] === undefined) found[key] = issue.message;
      }
      setErrors(found);
      const first = FIELD_ORDER.find((f) => found[f]);
      const el = first ? formRef.current?.elements.namedItem(first) : null;
      if (el instanceof HTMLElement) el.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await apiFetch<{ message: string; already: boolean }>("/api/waiting-list", {
        method: "POST",
        body: parsed.data,
      });
      setDone(res.message);
    } catch (err) {
      const issues = err instanceof ApiError ? err.body?.issues : undefined;
      if (issues?.length) {
        const found: Errors = {};
        for (const i of issues) if (FIELD_ORDER.includes(i.path as Field)) found[i.path as Field] ??= i.message;
        setErrors(found);
      }
      setFailure(err instanceof Error ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p className="waitlist-notice" role="status" data-testid="waitlist-joined">
        {done}
      </p>
    );
  }

  return (
    <form
      ref={formRef}
      className="waitlist-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`Join the waiting list for ${courseTitle}`}
    >
      {dates.length === 1 ? (
        <p className="waitlist-form__date">Date: {dateText(dates[0]!)}</p>
      ) : (
        <SelectField
          label="Course date*"
          options={dates.map((d) => ({ value: String(d.id), label: dateText(d) }))}
          placeholder="Select a date"
          {...bind("course_date_id")}
        />
      )}
      <TextField label="Name*" autoComplete="name" {...bind("name")} />
      <TextField label="Email address*" type="email" autoComplete="email" {...bind("email")} />
      <TextField
        label="Phone Number*"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="e.g. 07700 900123"
        {...bind("phone")}
      />
      <SelectField label="Places wanted*" options={PLACE_OPTIONS} {...bind("places")} />
      {failure ? (
        <p className="waitlist-notice waitlist-notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" fullWidth loading={busy} loadingLabel="Please wait ...">
        Join the waiting list
      </Button>
    </form>
  );
}
