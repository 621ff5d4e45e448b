/** The booking policy as the office edits it: numbers as typed, so a half-typed value stays until it is saved. */
import type { BookingPolicy } from "@app/rules";
import { ApiError } from "../../lib/errors";

export type BandDraft = { from_days: string; percent: string };
export type LadderKey = "change_fees" | "cancel_fees" | "business_cancel_fees";
export type PolicyDraft = Omit<BookingPolicy, LadderKey | "change_cutoff_days" | "max_changes" | "name_change_cutoff_days"> & {
  change_cutoff_days: string;
  max_changes: string;
  name_change_cutoff_days: string;
} & Record<LadderKey, BandDraft[]>;

/** The API's 400 issues by their path ("change_fees.1.percent", "max_changes"). */
export type PolicyErrors = Record<string, string>;

const bands = (l: BookingPolicy["change_fees"]): BandDraft[] =>
  l.map((b) => ({ from_days: String(b.from_days), percent: String(b.percent) }));

export const toDraft = (p: BookingPolicy): PolicyDraft => ({
  ...p,
  change_cutoff_days: String(p.change_cutoff_days),
  max_changes: String(p.max_changes),
  name_change_cutoff_days: String(p.name_change_cutoff_days),
  change_fees: bands(p.change_fees),
  cancel_fees: bands(p.cancel_fees),
  business_cancel_fees: bands(p.business_cancel_fees),
});

/** An empty or unreadable number is sent as typed, so the API refuses it with its own words. */
const num = (s: string) => (s.trim() === "" || Number.isNaN(Number(s)) ? (s as unknown as number) : Number(s));
const ladder = (l: BandDraft[]) => l.map((b) => ({ from_days: num(b.from_days), percent: num(b.percent) }));

export const fromDraft = (d: PolicyDraft): BookingPolicy => ({
  ...d,
  change_cutoff_days: num(d.change_cutoff_days),
  max_changes: num(d.max_changes),
  name_change_cutoff_days: num(d.name_change_cutoff_days),
  change_fees: ladder(d.change_fees),
  cancel_fees: ladder(d.cancel_fees),
  business_cancel_fees: ladder(d.business_cancel_fees),
});

export function policyErrors(e: unknown): PolicyErrors {
  const errors: PolicyErrors = {};
  if (!(e instanceof ApiError)) return errors;
  for (const issue of e.body.issues ?? []) errors[issue.path] ??= issue.message;
  return errors;
}
