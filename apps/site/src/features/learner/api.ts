import type { LearnerForm, LearnerFormPatch } from "@app/contract";
import { apiFetch } from "../../lib/api";

const base = (token: string) => `/api/learner-forms/${encodeURIComponent(token)}`;

/** The learner's form by the personal link's token. */
export const learnerApi = {
  get: (token: string, signal?: AbortSignal) => apiFetch<LearnerForm>(base(token), { signal }),
  save: (token: string, patch: LearnerFormPatch) => apiFetch<LearnerForm>(base(token), { method: "PUT", body: patch }),
  upload: (token: string, file_name: string, data_url: string) =>
    apiFetch<LearnerForm>(`${base(token)}/first-aid-certificate`, { method: "PUT", body: { file_name, data_url } }),
};
