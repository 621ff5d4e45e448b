import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PolicyVersion } from "@app/contract";
import { formatLongDate } from "@app/rules";
import { Button, ErrorState, SelectField, TextField, useToast } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { LoadingNote } from "../../components/Loading";
import { LadderFields } from "./LadderFields";
import { fromDraft, policyErrors, toDraft, type LadderKey, type PolicyDraft, type PolicyErrors } from "./policy-draft";
import "./booking-policy.css";

export const BOOKING_POLICY_KEY = ["booking-policy"] as const;

const LADDERS: { key: LadderKey; legend: string }[] = [
  { key: "change_fees", legend: "Fee for changing the date" },
  { key: "cancel_fees", legend: "Fee for cancelling after the 14-day cancellation period" },
  { key: "business_cancel_fees", legend: "Fee for cancelling an employer's (business) booking" },
];

function PolicyForm({ current }: { current: PolicyVersion }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => toDraft(current.policy));
  const [errors, setErrors] = useState<PolicyErrors>({});
  const save = useMutation({
    mutationFn: () => unwrap(api.selfService.setPolicy({ body: fromDraft(draft) })),
    onSuccess: async (saved) => {
      setErrors({});
      setDraft(toDraft(saved.policy));
      toast.success(`Booking policy version ${saved.version} saved: it applies to new bookings`);
      await queryClient.invalidateQueries({ queryKey: BOOKING_POLICY_KEY });
    },
    onError: (e: Error) => {
      setErrors(policyErrors(e));
      toast.error(errorMessage(e));
    },
  });
  const set = <K extends keyof PolicyDraft>(k: K, v: PolicyDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const busy = save.isPending;
  return (
    <form
      className="policy-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <section className="policy-form__group" aria-labelledby="policy-change">
        <h2 id="policy-change">Changing the date</h2>
        <TextField
          id="policy-cutoff"
          label="No changes within this many days of the start"
          inputMode="numeric"
          value={draft.change_cutoff_days}
          disabled={busy}
          error={errors.change_cutoff_days}
          onChange={(e) => set("change_cutoff_days", e.target.value)}
        />
        <TextField
          id="policy-max-changes"
          label="Changes allowed per booking"
          inputMode="numeric"
          value={draft.max_changes}
          disabled={busy}
          error={errors.max_changes}
          onChange={(e) => set("max_changes", e.target.value)}
        />
        <SelectField
          id="policy-cheaper"
          label="Moving to a cheaper date"
          value={draft.cheaper_date}
          disabled={busy}
          onChange={(e) => set("cheaper_date", e.target.value === "credit" ? "credit" : "refund")}
        >
          <option value="refund">Refund the difference</option>
          <option value="credit">Keep the difference as credit</option>
        </SelectField>
        <TextField
          id="policy-names"
          label="Names can be corrected until this many days before the start"
          inputMode="numeric"
          value={draft.name_change_cutoff_days}
          disabled={busy}
          error={errors.name_change_cutoff_days}
          onChange={(e) => set("name_change_cutoff_days", e.target.value)}
        />
      </section>
      {LADDERS.map((l) => (
        <LadderFields
          key={l.key}
          id={`policy-${l.key}`}
          legend={l.legend}
          path={l.key}
          bands={draft[l.key]}
          errors={errors}
          disabled={busy}
          onChange={(bands) => set(l.key, bands)}
        />
      ))}
      <section className="policy-form__group" aria-labelledby="policy-rest">
        <h2 id="policy-rest">What is not kept as a fee</h2>
        <SelectField
          id="policy-cancel-rest"
          label="A customer cancelling after the cancellation period"
          value={draft.cancel_rest}
          disabled={busy}
          onChange={(e) => set("cancel_rest", e.target.value as PolicyDraft["cancel_rest"])}
        >
          <option value="refund">Refunded</option>
          <option value="credit">Kept as credit</option>
          <option value="none">Not refunded</option>
        </SelectField>
        <SelectField
          id="policy-business-rest"
          label="An employer (business) cancelling"
          value={draft.business_cancel_rest}
          disabled={busy}
          onChange={(e) => set("business_cancel_rest", e.target.value as PolicyDraft["business_cancel_rest"])}
        >
          <option value="refund">Refunded</option>
          <option value="credit">Kept as credit</option>
          <option value="none">Not refunded</option>
        </SelectField>
      </section>
      <Button type="submit" loading={busy}>
        Save as a new policy version
      </Button>
    </form>
  );
}

/**
 * Booking policy (decision 441): what customers may change or cancel online, and at what cost.
 * Saving makes a new version for new bookings; each booking keeps the version it was made under.
 */
export default function BookingPolicyPage() {
  usePageTitle("Booking policy");
  const query = useQuery({ queryKey: BOOKING_POLICY_KEY, queryFn: () => unwrap(api.selfService.policy()) });
  return (
    <div className="policy-page">
      <h1>Booking policy</h1>
      <p className="policy-page__intro">
        What customers can change or cancel themselves on their booking&apos;s page, and what it costs. Saving makes a new version
        for new bookings; a booking keeps the version it was made under. The booking terms page on the website shows the version
        in force.
      </p>
      {query.data ? (
        <p className="policy-page__version" data-testid="policy-version">
          Version {query.data.version} in force since {formatLongDate(query.data.since.slice(0, 10))}.
        </p>
      ) : null}
      {query.isPending ? <LoadingNote label="Loading the booking policy" /> : null}
      {query.isError ? <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <PolicyForm key={query.data.version} current={query.data} /> : null}
    </div>
  );
}
