import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentOptionsInput } from "@app/contract";
import { Button, ErrorState, useToast } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { LoadingNote } from "../../components/Loading";
import { fromDraft, optionErrors, PaymentOptionsFields, toDraft } from "../../components/payment-options/PaymentOptionsFields";
import type { PaymentOptionsErrors } from "../../components/payment-options/PaymentOptionsFields";
import "../../components/payment-options/payment-options.css";
import { VatSettings } from "./VatSettings";

export const PAYMENT_OPTIONS_KEY = ["payment-options"] as const;

function SettingsForm({ initial }: { initial: PaymentOptionsInput }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => toDraft(initial));
  const [errors, setErrors] = useState<PaymentOptionsErrors>({});
  const save = useMutation({
    mutationFn: () => unwrap(api.paymentOptions.setSiteOptions({ body: fromDraft(draft) })),
    onSuccess: async (saved) => {
      setErrors({});
      setDraft(toDraft(saved));
      toast.success("Payment options saved: they apply to new bookings");
      await queryClient.invalidateQueries({ queryKey: PAYMENT_OPTIONS_KEY });
    },
    onError: (e: Error) => {
      setErrors(optionErrors(e));
      toast.error(errorMessage(e));
    },
  });
  return (
    <form
      className="pay-options-page__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <PaymentOptionsFields idPrefix="site-pay" value={draft} errors={errors} disabled={save.isPending} onChange={setDraft} />
      <Button type="submit" loading={save.isPending}>
        Save payment options
      </Button>
    </form>
  );
}

/**
 * Payments: the site-wide payment options (deposits, balance due date, instalments, Klarna,
 * overdue balances). A course can have its own on its page. Changes apply to new bookings only.
 */
export default function PaymentSettingsPage() {
  usePageTitle("Payments");
  const query = useQuery({
    queryKey: PAYMENT_OPTIONS_KEY,
    queryFn: () => unwrap(api.paymentOptions.siteOptions()),
  });
  return (
    <div className="pay-options-page">
      <h1>Payments</h1>
      <p className="pay-options-page__intro">
        How customers can pay for a booking, for every course without its own options. Changes apply to new bookings only; a
        booking keeps the terms it was placed under.
      </p>
      {query.isPending ? <LoadingNote label="Loading the payment options" /> : null}
      {query.isError ? <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <SettingsForm initial={query.data} /> : null}
      <VatSettings />
    </div>
  );
}
