import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AlertCircle } from "lucide-react";
import { Button, ButtonLink, useToast } from "@app/ui";
import { ukDate } from "@app/rules";
import { useDraftForm } from "../../lib/useDraftForm";
import { useCreateDiscount } from "./api";
import { ApiError, MESSAGES } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { DiscountFields } from "./DiscountFields";
import { emptyDiscountDraft, issuesToErrors, toPayload, validateCreateDiscount } from "./discountForm";
import type { DiscountDraft, DiscountErrors, DiscountField } from "./discountForm";
import "./discounts.css";

const LABELS = {
  code: "Discount Code",
  percent: "Discount Percentage",
  validFrom: "Valid From",
  validUntil: "Valid Until",
  maxUses: "Maximum Uses",
};

/** /create-code: idle -> 'Creating Code...' -> toast and the list, or the red banner. */
export default function CreateCodePage() {
  usePageTitle("Add Discount");
  const navigate = useNavigate();
  const toast = useToast();
  const { draft, errors, setErrors, change, check, reset } = useDraftForm<DiscountDraft, DiscountErrors>(emptyDiscountDraft);
  const [banner, setBanner] = useState<string | null>(null);

  const create = useCreateDiscount({
    onSuccess: () => {
      reset(emptyDiscountDraft());
      toast.success("Discount code created successfully!");
      void navigate(paths.discounts);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.issues?.length) setErrors(issuesToErrors(error.body.issues));
      // Spec §8: the message, or 'An unexpected error occurred', in a red banner.
      setBanner(error instanceof Error && error.message ? error.message : MESSAGES.unexpected);
    },
  });

  function onChange<K extends DiscountField>(field: K, value: DiscountDraft[K]) {
    change(field, value);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    if (!check(validateCreateDiscount(draft), ".content-page")) return;
    create.mutate(toPayload(draft));
  }

  const busy = create.isPending;
  return (
    <div className="content-page">
      <RouterBreadcrumb items={[{ label: "Discount", href: paths.discounts }, { label: "Add Discount" }]} />
      <h1 className="content-title">Add Discount</h1>
      <form className="content-panel dc-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {banner ? (
          <div className="dc-banner" role="alert">
            <AlertCircle size={20} aria-hidden="true" />
            <p>{banner}</p>
          </div>
        ) : null}
        <DiscountFields
          draft={draft}
          onChange={onChange}
          errors={errors}
          labels={LABELS}
          canGenerate
          disabled={busy}
          minFrom={ukDate()}
        />
        <div className="content-actions">
          <ButtonLink as={Link} to={paths.discounts} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={busy} loadingLabel="Creating Code...">
            Create Code
          </Button>
        </div>
      </form>
    </div>
  );
}
