import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { CheckCircle2 } from "lucide-react";
import { Button, ButtonLink, Modal, TextField, useToast } from "@app/ui";
import { useDraftForm } from "../../lib/useDraftForm";
import { useCreateShopItem } from "./api";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { ImagePicker } from "./ImagePicker";
import { validateShopCreate } from "./shopForm";
import type { ShopDraft, ShopErrors } from "./shopForm";
import "./shop.css";

/** /shop/add: title, URL and picture; 'Saving...'; then the success modal. */
export default function ShopAddPage() {
  usePageTitle("Add Item");
  const navigate = useNavigate();
  const toast = useToast();
  const { draft, errors, change, check } = useDraftForm<ShopDraft, ShopErrors>({ name: "", url: "" });
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const create = useCreateShopItem({
    onSuccess: (item) => setAdded(item.name),
    onError: (error) => toast.error(errorMessage(error)),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Spec §5: errors clear on edit (useDraftForm's change).
    const valid = check(validateShopCreate(draft));
    if (!valid || imageError) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".content-page [aria-invalid='true']")?.focus());
      return;
    }
    create.mutate({ name: draft.name.trim(), url: draft.url.trim(), image });
  }

  const busy = create.isPending;
  return (
    <div className="content-page">
      <RouterBreadcrumb items={[{ label: "Saved Items", href: paths.shop }, { label: "Add Item" }]} />
      <h1 className="content-title">Add Item</h1>
      <form className="content-panel sh-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="sh-form__fields">
          <TextField
            label="Item Title *"
            value={draft.name}
            onChange={(e) => change("name", e.target.value)}
            error={errors.name}
            disabled={busy}
            autoComplete="off"
            placeholder="e.g. Stab vest"
          />
          <TextField
            label="URL *"
            type="url"
            inputMode="url"
            value={draft.url}
            onChange={(e) => change("url", e.target.value)}
            error={errors.url}
            disabled={busy}
            autoComplete="off"
            placeholder="https://shop.example.com/item"
          />
        </div>
        <ImagePicker
          preview={image ?? undefined}
          onPick={(dataUrl) => setImage(dataUrl)}
          onRemove={() => {
            setImage(null);
            setImageError(null);
          }}
          changeLabel="Change"
          error={imageError}
          onError={setImageError}
          disabled={busy}
          alt="Chosen item image"
        />
        <div className="content-actions">
          <ButtonLink as={Link} to={paths.shop} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={busy} loadingLabel="Saving...">
            Save Item
          </Button>
        </div>
      </form>

      <Modal
        open={added !== null}
        onClose={() => navigate(paths.shop)}
        title="Item Added Successfully!"
        size="sm"
        footer={
          <Button onClick={() => navigate(paths.shop)} fullWidth>
            View Saved Items
          </Button>
        }
      >
        <div className="sh-success">
          <CheckCircle2 size={48} aria-hidden="true" className="sh-success__icon" />
          <p>&quot;{added}&quot; has been added to your saved items.</p>
        </div>
      </Modal>
    </div>
  );
}
