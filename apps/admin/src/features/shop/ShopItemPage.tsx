import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, ImageOff, Pencil, Trash2 } from "lucide-react";
import { Breadcrumb, Button, ConfirmDialog, ErrorState, Skeleton, TextField, useToast } from "@app/ui";
import type { ShopItem } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { apiAsset } from "../../lib/config";
import { ApiError, errorMessage } from "../../lib/errors";
import { paths } from "../../app/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { ImagePicker } from "./ImagePicker";
import { hasErrors, validateShopUpdate } from "./shopForm";
import type { ShopDraft, ShopErrors } from "./shopForm";
import "./shop.css";

/** /shop/item/{id}: view, 'Edit Item' (title, URL, 'Change Image'), save or cancel; delete behind a modal. */
export default function ShopItemPage() {
  usePageTitle("View Item");
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const item = useQuery({
    queryKey: queryKeys.shop(id),
    queryFn: () => unwrap(api.shops.byId({ params: { id } })),
    enabled: validId,
    staleTime: 0,
  });

  const [draft, setDraft] = useState<ShopDraft | null>(null);
  const [newImage, setNewImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<ShopErrors>({});
  const [imageError, setImageError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function stopEditing() {
    setDraft(null);
    setNewImage(null);
    setErrors({});
    setImageError(null);
  }

  const save = useMutation({
    mutationFn: (d: ShopDraft) =>
      unwrap(
        api.shops.update({
          params: { id },
          body: { name: d.name.trim(), url: d.url.trim(), ...(newImage ? { image: newImage } : {}) },
        }),
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.shop(id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.shops, exact: true });
      stopEditing();
      toast.success("Item saved successfully");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.shops.remove({ params: { id } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.shop(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.shops, exact: true });
      toast.success("Item Deleted");
      navigate(paths.shop);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });

  function change(field: keyof ShopDraft, value: string) {
    setDraft((d) => (d ? { ...d, [field]: value } : d));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = validateShopUpdate(draft);
    setErrors(found);
    if (hasErrors(found) || imageError) return;
    save.mutate(draft);
  }

  const breadcrumb = (
    <Breadcrumb
      items={[{ label: "Saved Items", href: paths.shop }, { label: "View Item" }]}
      renderLink={({ href, label, className }) => (
        <Link to={href} className={className}>
          {label}
        </Link>
      )}
    />
  );

  if (!validId || (item.isError && item.error instanceof ApiError && item.error.status === 404)) {
    return (
      <div className="sh-page">
        {breadcrumb}
        <ErrorState title="Item not found" message="It may have been deleted." onRetry={() => navigate(paths.shop)} retryLabel="Back to Saved Items" />
      </div>
    );
  }
  if (item.isError) {
    return (
      <div className="sh-page">
        {breadcrumb}
        <ErrorState message={errorMessage(item.error)} onRetry={() => void item.refetch()} retrying={item.isFetching} />
      </div>
    );
  }
  if (item.isPending) {
    return (
      <div className="sh-page" aria-busy="true">
        {breadcrumb}
        <p className="ui-visually-hidden" role="status">
          Loading item
        </p>
        <div className="sh-detail" aria-hidden="true">
          <Skeleton variant="block" className="sh-detail__img" />
          <div className="sh-detail__body">
            <Skeleton width="60%" height={32} />
            <Skeleton width="80%" />
          </div>
        </div>
      </div>
    );
  }

  const it: ShopItem = item.data;
  const saving = save.isPending;
  const saved = apiAsset(it.image);

  return (
    <div className="sh-page">
      {breadcrumb}
      {draft ? (
        <form className="sh-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
          <h1 className="sh-head__title">Edit Item</h1>
          <div className="sh-form__fields">
            <TextField label="Item Title" value={draft.name} onChange={(e) => change("name", e.target.value)} error={errors.name} disabled={saving} autoComplete="off" />
            <TextField
              label="URL"
              type="url"
              inputMode="url"
              value={draft.url}
              onChange={(e) => change("url", e.target.value)}
              error={errors.url}
              disabled={saving}
              autoComplete="off"
            />
          </div>
          <ImagePicker
            preview={newImage ?? saved}
            onPick={setNewImage}
            changeLabel="Change Image"
            error={imageError}
            onError={setImageError}
            disabled={saving}
            alt={`Image of ${draft.name || it.name}`}
          />
          <div className="sh-form__actions">
            <Button variant="secondary" onClick={stopEditing} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} loadingLabel="Please wait ...">
              Save Item
            </Button>
          </div>
        </form>
      ) : (
        <div className="sh-detail">
          {saved ? (
            <img src={saved} alt={`Image of ${it.name}`} className="sh-detail__img" />
          ) : (
            <div className="sh-detail__img sh-card__img--empty" aria-hidden="true">
              <ImageOff size={40} />
            </div>
          )}
          <div className="sh-detail__body">
            <h1 className="sh-head__title">{it.name}</h1>
            <dl className="sh-facts">
              <div>
                <dt>Item Title</dt>
                <dd>{it.name}</dd>
              </div>
              <div>
                <dt>URL</dt>
                <dd>
                  <a href={it.url} target="_blank" rel="noopener noreferrer" className="sh-link">
                    {it.url}
                    <ExternalLink size={16} aria-hidden="true" />
                    <span className="ui-visually-hidden"> (opens in a new tab)</span>
                  </a>
                </dd>
              </div>
            </dl>
            <div className="sh-form__actions sh-form__actions--start">
              <Button
                onClick={() => {
                  setDraft({ name: it.name, url: it.url });
                  setNewImage(null);
                }}
              >
                <Pencil size={18} aria-hidden="true" />
                Edit Item
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 size={18} aria-hidden="true" />
                Delete Item
              </Button>
            </div>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete Item"
        message={
          <>
            <p>Are you sure you want to delete {it.name}? This will permanently remove the item from your saved items.</p>
            <p className="sh-warning">This action cannot be undone</p>
          </>
        }
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
