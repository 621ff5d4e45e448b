/** The learner form's values as the inputs hold them, and the kit each section uses to show and change them. */
import type { ReactNode } from "react";
import type { TextField } from "@app/ui";
import type { LearnerForm } from "@app/contract";
import type { useAutosave } from "./useAutosave";

export type Values = Record<string, string | boolean | null>;

export const TEXT_FIELDS = [
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

export function valuesOf(form: LearnerForm): Values {
  const v: Values = {};
  for (const k of TEXT_FIELDS) v[k] = form.fields[k] ?? "";
  v.english_declared = form.fields.english_declared_at !== null;
  v.sia_link_consent = form.fields.sia_link_consent;
  v.marketing_opt_in = form.fields.marketing_opt_in;
  return v;
}

export type TextFieldName = (typeof TEXT_FIELDS)[number];

/** What every section of the form is given: the values, a setter that saves, and a text input bound to a field. */
export type FieldKit = {
  values: Values;
  set: (field: string, value: string | boolean | null, immediate?: boolean) => void;
  text: (field: TextFieldName, label: string, props?: Partial<Parameters<typeof TextField>[0]>) => ReactNode;
  autosave: ReturnType<typeof useAutosave>;
};
