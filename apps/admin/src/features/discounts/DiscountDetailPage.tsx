import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { Breadcrumb, Button, ConfirmDialog, ErrorState, Skeleton, useToast } from "@app/ui";
import { formatLongDate } from "@app/ui/format";
import { DiscountSchema } from "@app/contract";
import type { Discount } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../app/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { DiscountFields } from "./DiscountFields";
import { draftFromDiscount, hasErrors, issuesToErrors, toPayload, usesLeftText, validateUpdateDiscount } from "./discountForm";
import type { DiscountDraft, DiscountErrors, DiscountField } from "./discountForm";
import "./discounts.css";

const LABELS = {
  code: "Discount Code",
  percent: "Percentage",
  validFrom: "Valid From",
  validUntil: "Valid To",
  maxUses: "Max Users",
};

/** The record the list passed in navigation state (spec §2), shown at once while the fresh copy loads. */
function stateDiscount(state: unknown, id: number): Discount | undefined {
  const candidate = (state as { discount?: unknown } | null)?.discount;
  const parsed = DiscountSchema.safeParse(candidate);
  return parsed.success && parsed.data.id === id ? parsed.data : undefined;
}

/** /discount/{id}: view, Edit -> Cancel / 'Save Discount', Delete behind a modal. */
export default function DiscountDetailPage() {
  usePageTitle("View Discount");
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const validId = Number.isInteger(id) && id > 0;
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const discount = useQuery({
    queryKey: queryKeys.discount(id),
    queryFn: () => unwrap(api.discounts.byId({ params: { id } })),
    enabled: validId,
    placeholderData: stateDiscount(location.state, id),
    staleTime: 0,
  });

  const [draft, setDraft] = useState<DiscountDraft | null>(null);
  const [errors, setErrors] = useState<DiscountErrors>({});
  const [confirming, setConfirming] = useState(false);

  const save = useMutation({
    mutationFn: (d: DiscountDraft) => unwrap(api.discounts.update({ params: { id }, body: toPayload(d) })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.discount(id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.discounts, exact: true });
      setDraft(null);
      setErrors({});
      toast.success("Discount saved successfully");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.issues?.length) setErrors(issuesToErrors(error.body.issues));
      toast.error(errorMessage(error));
    },
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.discounts.remove({ params: { id } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.discount(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.discounts, exact: true });
      toast.success("Discount Deleted");
      navigate(paths.discounts);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });

  function onChange(field: DiscountField, value: string) {
    setDraft((d) => (d ? { ...d, [field]: value } : d));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = validateUpdateDiscount(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate(draft);
  }

  const breadcrumb = (
    <Breadcrumb
      items={[{ label: "Discount", href: paths.discounts }, { label: "View Discount" }]}
      renderLink={({ href, label, className }) => (
        <Link to={href} className={className}>
          {label}
        </Link>
      )}
    />
  );

  if (!validId || (discount.isError && discount.error instanceof ApiError && discount.error.status === 404)) {
    return (
      <div className="dc-page">
        {breadcrumb}
        <ErrorState title="Discount code not found" message="It may have been deleted." onRetry={() => navigate(paths.discounts)} retryLabel="Back to Discount" />
      </div>
    );
  }
  if (discount.isError && !discount.data) {
    return (
      <div className="dc-page">
        {breadcrumb}
        <ErrorState message={errorMessage(discount.error)} onRetry={() => void discount.refetch()} retrying={discount.isFetching} />
      </div>
    );
  }
  if (!discount.data) {
    return (
      <div className="dc-page" aria-busy="true">
        {breadcrumb}
        <p className="ui-visually-hidden" role="status">
          Loading discount code
        </p>
        <div className="dc-form" aria-hidden="true">
          <Skeleton width="40%" height={32} />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} width="70%" height={20} />
          ))}
        </div>
      </div>
    );
  }

  const d = discount.data;
  const saving = save.isPending;
  return (
    <div className="dc-page">
      {breadcrumb}
      {draft ? (
        <form className="dc-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
          <h1 className="dc-head__title">Edit Discount</h1>
          <DiscountFields draft={draft} onChange={onChange} errors={errors} labels={LABELS} disabled={saving} />
          <div className="dc-form__actions">
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => {
                setDraft(null);
                setErrors({});
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving} loadingLabel="Please wait ...">
              Save Discount
            </Button>
          </div>
        </form>
      ) : (
        <div className="dc-form">
          <div className="dc-view__head">
            <h1 className="dc-head__title">
              <span className="ui-visually-hidden">Discount code </span>
              <span className="dc-code dc-code--lg">{d.code}</span>
            </h1>
            <span className={d.uses_left > 0 ? "dc-badge" : "dc-badge dc-badge--none"}>{usesLeftText(d)}</span>
          </div>
          <dl className="dc-facts">
            <Fact label={LABELS.code}>{d.code}</Fact>
            <Fact label={LABELS.percent}>{d.percent_off}%</Fact>
            <Fact label={LABELS.validFrom}>{formatLongDate(d.valid_from)}</Fact>
            <Fact label={LABELS.validUntil}>{formatLongDate(d.valid_until)}</Fact>
            <Fact label={LABELS.maxUses}>{d.max_uses}</Fact>
            <Fact label="Uses left">{d.uses_left}</Fact>
          </dl>
          <div className="dc-form__actions dc-form__actions--start">
            <Button
              onClick={() => {
                setDraft(draftFromDiscount(d));
                setErrors({});
              }}
            >
              <Pencil size={18} aria-hidden="true" />
              Edit
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 size={18} aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete Discount"
        message={`Are you sure you want to delete discount code "${d.code}"? This will permanently remove the discount.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        busyLabel="Deleting..."
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dc-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
