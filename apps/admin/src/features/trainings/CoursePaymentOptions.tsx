import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentOptionsInput } from "@app/contract";
import { Button, CheckboxField, useToast } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { fromDraft, optionErrors, PaymentOptionsFields, toDraft } from "../../components/payment-options/PaymentOptionsFields";
import type { PaymentOptionsErrors } from "../../components/payment-options/PaymentOptionsFields";
import "../../components/payment-options/payment-options.css";

const key = (id: number) => ["courses", id, "payment-options"] as const;

function Form({ courseId, siteWide, initial }: { courseId: number; siteWide: boolean; initial: PaymentOptionsInput }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [useSiteWide, setUseSiteWide] = useState(siteWide);
  const [draft, setDraft] = useState(() => toDraft(initial));
  const [errors, setErrors] = useState<PaymentOptionsErrors>({});
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.paymentOptions.setCourseOptions({
          params: { id: courseId },
          body: useSiteWide ? { use_site_wide: true } : { use_site_wide: false, options: fromDraft(draft) },
        }),
      ),
    onSuccess: async (saved) => {
      setErrors({});
      setUseSiteWide(saved.use_site_wide);
      setDraft(toDraft(saved.options));
      toast.success("Payment options saved: they apply to new bookings");
      await queryClient.invalidateQueries({ queryKey: key(courseId) });
    },
    onError: (e: Error) => {
      setErrors(optionErrors(e));
      toast.error(errorMessage(e));
    },
  });
  return (
    <>
      <CheckboxField
        id="tr-pay-site-wide"
        label="Use the site-wide payment options (set under Payments)"
        checked={useSiteWide}
        disabled={save.isPending}
        onChange={(e) => setUseSiteWide(e.target.checked)}
      />
      {useSiteWide ? null : (
        <PaymentOptionsFields idPrefix="tr-pay" value={draft} errors={errors} disabled={save.isPending} onChange={setDraft} />
      )}
      <Button variant="secondary" loading={save.isPending} onClick={() => save.mutate()}>
        Save payment options
      </Button>
    </>
  );
}

/**
 * On a training's page: its own payment options (deposit, balance due date, instalments, Klarna,
 * overdue balances) or the site-wide ones. Changes apply to new bookings only.
 */
export function CoursePaymentOptions({ courseId }: { courseId: number }) {
  const query = useQuery({
    queryKey: key(courseId),
    queryFn: () => unwrap(api.paymentOptions.courseOptions({ params: { id: courseId } })),
  });
  return (
    <section className="tr-pay" aria-labelledby="tr-pay-title">
      <h2 id="tr-pay-title" className="tr-pay__title">
        Payment options
      </h2>
      {query.isError ? <p role="alert">{errorMessage(query.error)}</p> : null}
      {query.data ? (
        <Form
          key={`${String(query.data.use_site_wide)}-${JSON.stringify(query.data.options)}`}
          courseId={courseId}
          siteWide={query.data.use_site_wide}
          initial={query.data.options}
        />
      ) : null}
    </section>
  );
}
