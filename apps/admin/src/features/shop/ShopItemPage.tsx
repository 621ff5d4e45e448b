import { useState } from "react";
import type { FormEvent } from "react";
import { ExternalLink, ImageOff } from "lucide-react";
import { ConfirmDialog, Skeleton, TextField } from "@app/ui";
import type { ShopItem } from "@app/contract";
import { useDraftForm } from "../../lib/useDraftForm";
import { shopItemRecord } from "./api";
import { apiAsset } from "../../lib/config";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { Fact } from "../../components/Fact";
import { EditActions, RecordDetailStates, ViewActions, useRecordDetail, useRecordId } from "../../components/RecordDetail";
import { ImagePicker } from "./ImagePicker";
import { validateShopUpdate } from "./shopForm";
import type { ShopDraft, ShopErrors } from "./shopForm";
import "./shop.css";

/** /shop/item/{id}: view, 'Edit Item' (title, URL, 'Change Image'), save or cancel; delete behind a modal. */
export default function ShopItemPage() {
  usePageTitle("View Item");
  const { id, validId } = useRecordId();
  const { draft, setDraft, errors, change, check, reset } = useDraftForm<ShopDraft | null, ShopErrors>(null);
  const [newImage, setNewImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const record = shopItemRecord(id);

  function stopEditing() {
    reset(null);
    setNewImage(null);
    setImageError(null);
  }

  const { query, save, askToDelete, deleteDialog } = useRecordDetail({
    id,
    validId,
    recordKey: record.recordKey,
    listKey: record.listKey,
    load: record.load,
    update: (d: ShopDraft) => record.save({ name: d.name.trim(), url: d.url.trim(), ...(newImage ? { image: newImage } : {}) }),
    onSaved: stopEditing,
    savedMessage: "Item saved successfully",
    remove: record.remove,
    deletedMessage: "Item Deleted",
    listPath: paths.shop,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!check(validateShopUpdate(draft)) || imageError) return;
    save.mutate(draft);
  }

  const saving = save.isPending;
  return (
    <RecordDetailStates
      query={query}
      validId={validId}
      breadcrumb={[{ label: "Saved Items", href: paths.shop }, { label: "View Item" }]}
      notFoundTitle="Item not found"
      listPath={paths.shop}
      backLabel="Back to Saved Items"
      loadingLabel="Loading item"
      skeleton={
        <div className="content-panel sh-detail" aria-hidden="true">
          <Skeleton variant="block" className="sh-detail__img" />
          <div className="sh-detail__body">
            <Skeleton width="60%" height={32} />
            <Skeleton width="80%" />
          </div>
        </div>
      }
    >
      {(it: ShopItem) => {
        const saved = apiAsset(it.image);
        return (
          <>
            {draft ? (
              <form className="content-panel sh-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
                <h1 className="content-title">Edit Item</h1>
                <div className="sh-form__fields">
                  <TextField
                    label="Item Title"
                    value={draft.name}
                    onChange={(e) => change("name", e.target.value)}
                    error={errors.name}
                    disabled={saving}
                    autoComplete="off"
                  />
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
                <div className="content-actions">
                  <EditActions saveLabel="Save Item" saving={saving} onCancel={stopEditing} />
                </div>
              </form>
            ) : (
              <div className="content-panel sh-detail">
                {saved ? (
                  <img src={saved} alt={`Image of ${it.name}`} className="sh-detail__img" />
                ) : (
                  <div className="sh-detail__img sh-card__img--empty" aria-hidden="true">
                    <ImageOff size={40} />
                  </div>
                )}
                <div className="sh-detail__body">
                  <h1 className="content-title">{it.name}</h1>
                  <dl className="sh-facts">
                    <Fact label="Item Title">{it.name}</Fact>
                    <Fact label="URL">
                      <a href={it.url} target="_blank" rel="noopener noreferrer" className="sh-link">
                        {it.url}
                        <ExternalLink size={16} aria-hidden="true" />
                        <span className="ui-visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </Fact>
                  </dl>
                  <div className="content-actions content-actions--start">
                    <ViewActions
                      editLabel="Edit Item"
                      deleteLabel="Delete Item"
                      onEdit={() => {
                        setDraft({ name: it.name, url: it.url });
                        setNewImage(null);
                      }}
                      onDelete={askToDelete}
                    />
                  </div>
                </div>
              </div>
            )}

            <ConfirmDialog
              {...deleteDialog}
              title="Delete Item"
              message={
                <>
                  <p>Are you sure you want to delete {it.name}? This will permanently remove the item from your saved items.</p>
                  <p className="sh-warning">This action cannot be undone</p>
                </>
              }
              busyLabel="Deleting..."
            />
          </>
        );
      }}
    </RecordDetailStates>
  );
}
