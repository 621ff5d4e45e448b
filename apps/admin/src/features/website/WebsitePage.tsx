import { useEffect, useState } from "react";
import { NavLink, useParams } from "react-router-dom";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button, ErrorState, Skeleton, useToast } from "@app/ui";
import type { SectionState, WebsiteSection } from "@app/contract";
import { usePageTitle } from "../../components/usePageTitle";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { FieldInput } from "./FieldInput";
import { PreviewPanel } from "./PreviewPanel";
import { SECTIONS, sectionSpec } from "./sections";
import type { ListSpec, SectionSpec } from "./sections";
import { useSection, useSectionActions } from "./api";
import "./website.css";

type Doc = Record<string, unknown>;
const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/**
 * /website/:section: the site's own words (website editing). Edits stay a draft until published; the
 * preview shows the public page with every draft at phone and desktop width; every published
 * version is listed and can be published again.
 */
export default function WebsitePage() {
  const { section = "identity" } = useParams();
  const spec = sectionSpec(section) ?? SECTIONS[0]!;
  usePageTitle(`Website: ${spec.label}`);
  return (
    <section className="admin-page ws">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Website</h1>
          <p className="admin-page__subtitle">The words on the public site. Edits are drafts until you publish them.</p>
        </div>
      </header>
      <nav aria-label="Website sections" className="ws-tabs">
        {SECTIONS.map((s) => (
          <NavLink key={s.section} to={paths.websiteSection(s.section)} className="ws-tab">
            {s.label}
          </NavLink>
        ))}
      </nav>
      <SectionEditor key={spec.section} spec={spec} />
    </section>
  );
}

function SectionEditor({ spec }: { spec: SectionSpec }) {
  const query = useSection(spec.section as WebsiteSection);
  const actions = useSectionActions(spec.section as WebsiteSection);
  const toast = useToast();
  const [doc, setDoc] = useState<Doc | null>(null);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const state: SectionState | undefined = query.data;

  useEffect(() => {
    if (state && !dirty) setDoc(state.body);
  }, [state, dirty]);

  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!state || !doc) return <Skeleton height={320} />;

  const change = (next: Doc) => {
    setDoc(next);
    setDirty(true);
  };
  const fail = (error: unknown) => toast.error(errorMessage(error));
  const save = async () => {
    const saved = await actions.save.mutateAsync(doc);
    setDirty(false);
    setDoc(saved.body);
    return saved;
  };
  const onSave = () => save().then(() => toast.success("Draft saved"), fail);
  const onPreview = async () => {
    try {
      if (dirty) await save();
      const { token } = await actions.preview.mutateAsync();
      setPreview(token);
    } catch (error) {
      fail(error);
    }
  };
  const onPublish = async () => {
    try {
      if (dirty) await save();
      await actions.publish.mutateAsync();
      toast.success("Published: the site shows it now");
    } catch (error) {
      fail(error);
    }
  };
  const busy = actions.save.isPending || actions.publish.isPending || actions.preview.isPending;

  return (
    <div className="ws-editor">
      <p className="ws-status" role="status">
        {dirty
          ? "Unsaved changes."
          : state.hasDraft
            ? `Draft saved ${when(state.draftSavedAt!)} by ${state.draftSavedBy}: not published yet.`
            : state.current
              ? `Published ${when(state.current.publishedAt)} by ${state.current.publishedBy}.`
              : "The words the site had before the Website area (never published here)."}
      </p>
      <form
        className="ws-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {spec.fields.map((field) => (
          <FieldInput key={field.key} field={field} value={doc[field.key]} onChange={(v) => change({ ...doc, [field.key]: v })} />
        ))}
        {spec.lists.map((list) => (
          <ListEditor
            key={list.key}
            list={list}
            items={(doc[list.key] as Doc[]) ?? []}
            onChange={(items) => change({ ...doc, [list.key]: items })}
          />
        ))}
        <div className="ws-actions">
          <Button type="submit" variant="secondary" disabled={busy || !dirty}>
            Save draft
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void onPreview()}>
            Preview
          </Button>
          <Button type="button" disabled={busy || (!dirty && !state.hasDraft)} onClick={() => void onPublish()}>
            Publish
          </Button>
          {state.hasDraft || dirty ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                actions.discard.mutateAsync().then((s) => {
                  setDirty(false);
                  setDoc(s.body);
                  toast.success("Draft discarded");
                }, fail)
              }
            >
              Discard draft
            </Button>
          ) : null}
        </div>
      </form>
      {preview ? <PreviewPanel token={preview} page={spec.page} onClose={() => setPreview(null)} /> : null}
      <Versions
        state={state}
        onRestore={(id) => actions.restore.mutateAsync(id).then(() => toast.success(`Version ${id} is published again`), fail)}
      />
    </div>
  );
}

function ListEditor({ list, items, onChange }: { list: ListSpec; items: Doc[]; onChange: (items: Doc[]) => void }) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="ws-list">
      <legend className="ws-list__legend">{list.label}</legend>
      {items.map((item, i) => {
        const title = list.title(item, i);
        return (
          <details key={i} className="ws-item" open={items.length <= 3}>
            <summary className="ws-item__summary">{title}</summary>
            <div className="ws-item__body">
              {list.fields.map((field) => (
                <FieldInput
                  key={field.key}
                  field={field}
                  context={`${list.item} ${i + 1}`}
                  value={item[field.key]}
                  onChange={(v) => onChange(items.map((it, j) => (j === i ? { ...it, [field.key]: v } : it)))}
                />
              ))}
              {list.fixed ? null : (
                <div className="ws-item__tools">
                  <Button type="button" size="sm" variant="secondary" disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <ArrowUp size={16} aria-hidden="true" /> Move up
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={i === items.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDown size={16} aria-hidden="true" /> Move down
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => onChange(items.filter((_, j) => j !== i))}>
                    <Trash2 size={16} aria-hidden="true" /> Remove
                  </Button>
                </div>
              )}
            </div>
          </details>
        );
      })}
      {list.fixed ? null : (
        <Button type="button" variant="secondary" onClick={() => onChange([...items, list.blank()])}>
          Add {list.item}
        </Button>
      )}
    </fieldset>
  );
}

function Versions({ state, onRestore }: { state: SectionState; onRestore: (id: number) => void }) {
  if (!state.versions.length) return null;
  return (
    <section className="ws-versions" aria-labelledby="ws-versions-title">
      <h2 id="ws-versions-title">Published versions</h2>
      <ul>
        {state.versions.map((v, i) => (
          <li key={v.id}>
            <span>
              Version {v.id}: {when(v.publishedAt)} by {v.publishedBy}
              {v.restoredFrom ? ` (version ${v.restoredFrom} again)` : ""}
              {i === 0 ? " (on the site)" : ""}
            </span>
            {i === 0 ? null : (
              <Button type="button" size="sm" variant="secondary" onClick={() => onRestore(v.id)}>
                Restore version {v.id}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
