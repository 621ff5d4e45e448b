import { isIsoDate } from "@app/rules";
import { FIRST_AID, JOBS, LICENCES, TRAINED } from "@app/rules/course-finder";
import type { FinderAnswers, FirstAid, Job, Licence, Trained } from "@app/rules/course-finder";

/**
 * The course finder's answers live in the page address only (?licence=…&job=…): every question is
 * a plain GET form, so the finder works before (or without) the page's script, the back button
 * steps back a question, and nothing about the visitor is stored anywhere (decision 341).
 */
export const QUESTIONS = ["licence", "expiry", "trained", "job", "firstAid"] as const;
export type Question = (typeof QUESTIONS)[number];

export const LICENCE_OPTIONS: Record<Licence, string> = {
  none: "No, I am new to the industry",
  door_supervisor: "Yes, a door supervisor licence",
  security_guard: "Yes, a security officer (guard) licence",
  cctv: "Yes, a CCTV (public space surveillance) licence",
  close_protection: "Yes, a close protection licence",
};
export const TRAINED_OPTIONS: Record<Trained, string> = {
  before_2021: "Before April 2021",
  from_2021: "April 2021 or later",
  unsure: "I am not sure",
};
export const JOB_OPTIONS: Record<Job, string> = {
  door_supervisor: "Door supervisor (pubs, clubs, events)",
  security_guard: "Security officer (sites, retail, patrols)",
  cctv: "CCTV control room operator",
  close_protection: "Close protection (bodyguard)",
  personal_licence: "Selling alcohol (personal licence)",
  unsure: "I am not sure yet",
};
export const FIRST_AID_OPTIONS: Record<Exclude<FirstAid, "date">, string> = {
  none: "I have no first-aid certificate",
  unsure: "I am not sure",
};

/** What the address holds so far; `expiry` '' = asked, not known. */
export interface Given {
  licence?: Licence;
  expiry?: string;
  trained?: Trained;
  job?: Job;
  firstAid?: FirstAid;
  firstAidExpiry?: string;
}

const pick = <T extends string>(all: readonly T[], v: string | null): T | undefined =>
  v !== null && (all as readonly string[]).includes(v) ? (v as T) : undefined;
const dateOrBlank = (v: string | null): string | undefined => (v === null ? undefined : isIsoDate(v) ? v : "");

export function readAnswers(params: URLSearchParams): Given {
  const firstAid = pick(FIRST_AID, params.get("firstAid"));
  const firstAidExpiry = dateOrBlank(params.get("firstAidExpiry"));
  return {
    licence: pick(LICENCES, params.get("licence")),
    expiry: dateOrBlank(params.get("expiry")),
    trained: pick(TRAINED, params.get("trained")),
    job: pick(JOBS, params.get("job")),
    // A 'date' answer without a real date is not an answer: the question is asked again.
    firstAid: firstAid === "date" && !firstAidExpiry ? undefined : firstAid,
    firstAidExpiry,
  };
}

const holdsLicence = (p: Given) => p.licence !== undefined && p.licence !== "none";
const renewable = (p: Given) => p.licence === "door_supervisor" || p.licence === "security_guard";
const needsFirstAid = (p: Given) => p.job === "door_supervisor" || p.job === "security_guard";

/** The next question to ask, or null once the rules have all they need. */
export function nextQuestion(p: Given): Question | null {
  if (!p.licence) return "licence";
  if (holdsLicence(p) && p.expiry === undefined) return "expiry";
  if (renewable(p) && !p.trained) return "trained";
  if (!p.job) return "job";
  if (needsFirstAid(p) && !p.firstAid) return "firstAid";
  return null;
}

/** The answers as the rules take them (call once nextQuestion is null). */
export function toAnswers(p: Given): FinderAnswers {
  return {
    licence: p.licence ?? "none",
    job: p.job ?? "unsure",
    ...(p.expiry ? { expiry: p.expiry } : {}),
    ...(p.trained ? { trained: p.trained } : {}),
    ...(p.firstAid ? { firstAid: p.firstAid } : {}),
    ...(p.firstAid === "date" && p.firstAidExpiry ? { firstAidExpiry: p.firstAidExpiry } : {}),
  };
}

/** The answers given so far as hidden fields of the next question's form (name, value). */
export function carried(p: Given): [string, string][] {
  const out: [string, string][] = [];
  for (const q of QUESTIONS) {
    const v = p[q];
    if (v !== undefined) out.push([q, v]);
  }
  if (p.firstAid === "date" && p.firstAidExpiry) out.push(["firstAidExpiry", p.firstAidExpiry]);
  return out;
}

/** The answers in words, one line each (the contact form's message and the office's view). */
export function describeAnswers(a: FinderAnswers): string[] {
  const lines = [`SIA licence held: ${LICENCE_OPTIONS[a.licence]}`];
  if (a.licence !== "none") lines.push(`Licence expires: ${a.expiry ?? "not sure"}`);
  if (a.trained) lines.push(`Trained: ${TRAINED_OPTIONS[a.trained]}`);
  lines.push(`Job wanted: ${JOB_OPTIONS[a.job]}`);
  if (a.firstAid === "date") lines.push(`First aid certificate expires: ${a.firstAidExpiry ?? "not sure"}`);
  else if (a.firstAid) lines.push(`First aid: ${FIRST_AID_OPTIONS[a.firstAid]}`);
  return lines;
}
