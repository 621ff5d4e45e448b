import { CheckboxField, TextField } from "@app/ui";
import { answerRequiredMessage, PREREQUISITE_DATES, PREREQUISITE_LABELS } from "@app/contract/prerequisite-facts";
import type { PrerequisiteKey } from "@app/contract/prerequisite-facts";
import type { CheckoutRules } from "../checkout-rules";

/** A cart line of 2 or more places: the checkout asks who takes each one. */
export interface AttendeeLine {
  courseId: number;
  title: string;
  places: number;
  /** The questions the course asks each attendee (course finder and prerequisites): every place is named and answers them. */
  asked?: readonly string[];
}

/** Whether a line's course asks its attendees questions (then every place is named). */
export const asks = (line: AttendeeLine) => (line.asked?.length ?? 0) > 0;
const askedOf = (line: AttendeeLine) => (line.asked ?? []) as readonly PrerequisiteKey[];

/** One place's attendee as typed (e-mail optional). */
export interface AttendeeValues {
  first_name: string;
  last_name: string;
  email: string;
}

/** Attendees per course id, in place order. */
export type AttendeesByCourse = Record<
  number,
  { first_name: string; last_name: string; email?: string; answers?: Partial<Record<PrerequisiteKey, string>> }[]
>;

type NameKey = "first_name" | "last_name" | "email";
type AttendeeKey = NameKey | PrerequisiteKey;
/** A field's name (and error key): `attendees.<course id>.<place index>.<field>`. */
export type AttendeeFieldName = `attendees.${number}.${number}.${AttendeeKey}`;
export type AttendeeErrors = Partial<Record<AttendeeFieldName, string>>;

const KEYS: NameKey[] = ["first_name", "last_name", "email"];
const LABELS: Record<NameKey, string> = { first_name: "First name*", last_name: "Last name*", email: "Email (optional)" };
const EMPTY: AttendeeValues = { first_name: "", last_name: "", email: "" };
type TypedPlace = AttendeeValues & { answers?: Partial<Record<PrerequisiteKey, string>> };

export const attendeeField = (courseId: number, place: number, key: AttendeeKey): AttendeeFieldName =>
  `attendees.${courseId}.${place}.${key}`;

/** The attendee fields in the order they are shown (where the first error gets the focus). */
export function attendeeFieldOrder(lines: readonly AttendeeLine[]): AttendeeFieldName[] {
  return lines.flatMap((l) =>
    Array.from({ length: l.places }, (_, k) => [...KEYS, ...askedOf(l)].map((key) => attendeeField(l.courseId, k, key))).flat(),
  );
}

/**
 * Attendee 1 of each group line is the buyer unless they say someone else is attending (attendee changes):
 * the buyer's name and e-mail fill in any of its fields not typed by hand.
 */
export function withBuyerFirst(
  values: AttendeesByCourse,
  lines: readonly AttendeeLine[],
  othersAttend: readonly number[],
  buyer: AttendeeValues,
): AttendeesByCourse {
  const out: AttendeesByCourse = { ...values };
  for (const line of lines) {
    if (line.places < 2 || othersAttend.includes(line.courseId)) continue;
    const [first, ...rest] = values[line.courseId] ?? [];
    out[line.courseId] = [{ ...buyer, ...first }, ...rest];
  }
  return out;
}

const placeValues = (values: AttendeesByCourse, line: AttendeeLine): TypedPlace[] =>
  Array.from({ length: line.places }, (_, k) => ({ ...EMPTY, ...values[line.courseId]?.[k] }));

/**
 * Every place of every group line named, with the contract's rules and words (first and last name
 * required, e-mail optional but valid). Values trimmed, an empty e-mail left out.
 */
export function validateAttendees(
  lines: readonly AttendeeLine[],
  values: AttendeesByCourse,
  { AttendeeInputSchema }: CheckoutRules,
): { values: AttendeesByCourse; errors: AttendeeErrors } {
  const out: AttendeesByCourse = {};
  const errors: AttendeeErrors = {};
  for (const line of lines) {
    out[line.courseId] = placeValues(values, line).map((typed, k) => {
      // Course finder and prerequisites: the course's questions, each required; their formats come from the contract.
      const answers = Object.fromEntries(
        askedOf(line).flatMap((key) => (typed.answers?.[key]?.trim() ? [[key, typed.answers[key]!.trim()]] : [])),
      );
      for (const key of askedOf(line)) {
        if (!answers[key]) errors[attendeeField(line.courseId, k, key)] ??= answerRequiredMessage(key);
      }
      const { answers: _typedAnswers, ...names } = typed;
      const result = AttendeeInputSchema.safeParse({ ...names, ...(asks(line) ? { answers } : {}) });
      if (result.success)
        return {
          first_name: result.data.first_name,
          last_name: result.data.last_name,
          ...(result.data.email ? { email: result.data.email } : {}),
          ...(result.data.answers ? { answers: result.data.answers } : {}),
        };
      for (const issue of result.error.issues) {
        const key = (issue.path[0] === "answers" ? issue.path[1] : issue.path[0]) as AttendeeKey | undefined;
        const name = key ? attendeeField(line.courseId, k, key) : null;
        if (name && errors[name] === undefined) errors[name] = issue.message;
      }
      return { first_name: typed.first_name.trim(), last_name: typed.last_name.trim() };
    });
  }
  return { values: out, errors };
}

export interface AttendeeFieldsProps {
  /** Every cart line: named places for 2 or more, 'Someone else is attending' for one. */
  lines: readonly AttendeeLine[];
  /** One-place lines whose place someone else takes. */
  othersAttend: readonly number[];
  onOthersAttendChange: (courseIds: number[]) => void;
  values: AttendeesByCourse;
  errors: AttendeeErrors;
  disabled?: boolean;
  /** The new values and the field that changed (its error clears). */
  onChange: (values: AttendeesByCourse, field: AttendeeFieldName) => void;
}

/**
 * 'Who is attending?' (group and employer bookings, office booking tools): per course of 2 or more places, one
 * small group per place with first and last name and an optional e-mail; a one-place course is
 * the buyer's unless 'Someone else is attending (not me)' is ticked (an employer booking one
 * employee), which asks for that one attendee. On a group line attendee 1 is filled from the
 * buyer unless 'Someone else is attending instead of me' is ticked (attendee changes, withBuyerFirst). A fieldset per course
 * and per place, so a screen reader hears 'SIA Door Supervisor Course, Attendee 2, First name'.
 */
export function AttendeeFields({
  lines,
  othersAttend,
  onOthersAttendChange,
  values,
  errors,
  disabled = false,
  onChange,
}: AttendeeFieldsProps) {
  const set = (line: AttendeeLine, place: number, key: AttendeeKey, value: string) => {
    const places = placeValues(values, line);
    const was = places[place]!;
    places[place] = (KEYS as string[]).includes(key)
      ? { ...was, [key]: value }
      : { ...was, answers: { ...was.answers, [key]: value } };
    onChange({ ...values, [line.courseId]: places }, attendeeField(line.courseId, place, key));
  };
  return (
    <section className="attendees" aria-labelledby="attendees-heading">
      <h2 id="attendees-heading" className="checkout-form__title">
        Who is attending?
      </h2>
      <p className="checkout-form__note">
        Name each person taking a place. We use the names on the register and the certificates; an e-mail lets us send them the
        joining details.{lines.some((l) => l.places === 1) ? " A place you take yourself needs nothing here." : null}
      </p>
      {lines.map((line) => {
        const single = line.places === 1;
        const named = !single || othersAttend.includes(line.courseId) || asks(line);
        const people = placeValues(values, line);
        return (
          <fieldset key={line.courseId} className="attendees__course">
            <legend className="attendees__legend">
              {single ? `${line.title}: 1 place` : `${line.title}: ${line.places} places`}
            </legend>
            {asks(line) ? (
              <p className="checkout-form__note">This course needs these details for each person taking a place.</p>
            ) : null}
            {!asks(line) ? (
              <CheckboxField
                label={single ? "Someone else is attending (not me)" : "Someone else is attending instead of me"}
                hint={single ? undefined : "Attendee 1 is you unless you tick this."}
                name={`attendees.${line.courseId}.someoneElse`}
                checked={othersAttend.includes(line.courseId)}
                disabled={disabled}
                onChange={(e) =>
                  onOthersAttendChange(
                    e.target.checked ? [...othersAttend, line.courseId] : othersAttend.filter((id) => id !== line.courseId),
                  )
                }
              />
            ) : null}
            {named
              ? people.map((person, k) => (
                  <fieldset key={k} className="attendees__place">
                    <legend className="attendees__place-legend">Attendee {k + 1}</legend>
                    <div className="attendees__grid">
                      {KEYS.map((key) => {
                        const name = attendeeField(line.courseId, k, key);
                        return (
                          <TextField
                            key={key}
                            name={name}
                            label={
                              <>
                                {/* Heard as 'Attendee 2 First name*': never the same name as the buyer's own fields. */}
                                <span className="ui-visually-hidden">Attendee {k + 1} </span>
                                {LABELS[key]}
                              </>
                            }
                            type={key === "email" ? "email" : "text"}
                            autoComplete="off"
                            maxLength={200}
                            value={person[key]}
                            error={errors[name]}
                            disabled={disabled}
                            fieldClassName={key === "email" ? "attendees__wide" : undefined}
                            onChange={(e) => set(line, k, key, e.target.value)}
                          />
                        );
                      })}
                      {askedOf(line).map((key) => {
                        const name = attendeeField(line.courseId, k, key);
                        return (
                          <TextField
                            key={key}
                            name={name}
                            label={
                              <>
                                <span className="ui-visually-hidden">Attendee {k + 1} </span>
                                {PREREQUISITE_LABELS[key]}*
                              </>
                            }
                            type={PREREQUISITE_DATES.includes(key) ? "date" : "text"}
                            autoComplete="off"
                            maxLength={200}
                            value={person.answers?.[key] ?? ""}
                            error={errors[name]}
                            disabled={disabled}
                            fieldClassName="attendees__wide"
                            onChange={(e) => set(line, k, key, e.target.value)}
                          />
                        );
                      })}
                    </div>
                  </fieldset>
                ))
              : null}
          </fieldset>
        );
      })}
    </section>
  );
}
