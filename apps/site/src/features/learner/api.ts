import type { Attempt, LearnerForm, LearnerFormPatch, LicenceStep, Portal } from "@app/contract";
import { apiFetch } from "../../lib/api";

const base = (token: string) => `/api/learner-forms/${encodeURIComponent(token)}`;

/** The learner's form by the personal link's token. */
export const learnerApi = {
  get: (token: string, signal?: AbortSignal) => apiFetch<LearnerForm>(base(token), { signal }),
  save: (token: string, patch: LearnerFormPatch) => apiFetch<LearnerForm>(base(token), { method: "PUT", body: patch }),
  upload: (token: string, file_name: string, data_url: string) =>
    apiFetch<LearnerForm>(`${base(token)}/first-aid-certificate`, { method: "PUT", body: { file_name, data_url } }),
};

const portalBase = (token: string) => `/api/learner-portal/${encodeURIComponent(token)}`;
type Choice = { question_id: number; choice: number };

/** The learner's portal (learner portal) by the same token. */
export const portalApi = {
  get: (token: string, signal?: AbortSignal) => apiFetch<Portal>(portalBase(token), { signal }),
  revision: (token: string, sectionId: number, done: boolean) =>
    apiFetch<Portal>(`${portalBase(token)}/revision/${sectionId}`, { method: "PUT", body: { done } }),
  start: (token: string, unit_id: number) =>
    apiFetch<Attempt>(`${portalBase(token)}/mocks`, { method: "POST", body: { unit_id } }),
  paper: (token: string, id: number, signal?: AbortSignal) => apiFetch<Attempt>(`${portalBase(token)}/mocks/${id}`, { signal }),
  answer: (token: string, id: number, body: Choice) =>
    apiFetch<{ seconds_left: number }>(`${portalBase(token)}/mocks/${id}/answers`, { method: "PUT", body }),
  submit: (token: string, id: number, answers: Choice[]) =>
    apiFetch<Attempt>(`${portalBase(token)}/mocks/${id}/submit`, { method: "POST", body: { answers } }),
  step: (token: string, body: { step: LicenceStep; done: boolean; licence_number?: string; licence_expires_on?: string }) =>
    apiFetch<Portal>(`${portalBase(token)}/licence-steps`, { method: "PUT", body }),
};
