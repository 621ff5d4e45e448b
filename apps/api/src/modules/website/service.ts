/**
 * The site texts (issue 35, decisions 360-364): drafts saved whole per section, published as a
 * new version (the draft goes), restored by publishing an old body again. A section never
 * published reads as version 0, today's words (defaults.ts). Each publish bumps the catalogue
 * version (migration 0032's trigger): the caches and every site server hear of it at once.
 */
import { randomBytes } from "node:crypto";
import {
  WEBSITE_SECTIONS,
  type Identity,
  type PublishedWebsite,
  type SectionState,
  type WebsiteDraftInput,
  type WebsiteSection,
} from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { storedShaFromPath, storeDataUrl, imagePath } from "../images";
import { WEBSITE_DEFAULTS } from "./defaults";
import { placeholderFields } from "./identity-check";
import { withHtml } from "./render";
import {
  currentVersions,
  deleteDraft,
  findDraft,
  findVersion,
  insertPreview,
  insertVersion,
  listDrafts,
  listVersions,
  previewValid,
  upsertDraft,
  type VersionRow,
} from "./repository";

/** When version 0 (the words the site had before the Website area) counts as published. */
const DEFAULTS_PUBLISHED_AT = "2026-11-26T00:00:00.000Z";
const PREVIEW_MS = 60 * 60 * 1000;
const SECTION_NAMES: Record<WebsiteSection, string> = {
  identity: "Identity",
  home: "Home page",
  about: "About page",
  contact: "Contact page",
  faq: "FAQ",
  policies: "Policies",
  reviews: "Reviews",
  banner: "Announcement banner",
  news: "News",
};

const versionOut = (v: Pick<VersionRow, "id" | "publishedAt" | "publishedBy" | "restoredFrom">) => ({
  id: v.id,
  publishedAt: v.publishedAt.toISOString(),
  publishedBy: v.publishedBy,
  restoredFrom: v.restoredFrom,
});

export async function sectionState(db: DbOrTx, section: WebsiteSection): Promise<SectionState> {
  const [draft, versions] = await Promise.all([findDraft(db, section), listVersions(db, section)]);
  const current = versions[0] ?? null;
  const currentBody = current ? (await findVersion(db, section, current.id))!.body : WEBSITE_DEFAULTS[section];
  return {
    section,
    body: (draft?.body ?? currentBody) as Record<string, unknown>,
    hasDraft: Boolean(draft),
    draftSavedAt: draft ? draft.savedAt.toISOString() : null,
    draftSavedBy: draft ? draft.savedBy : null,
    current: current ? versionOut(current) : null,
    versions: versions.map(versionOut),
  };
}

/** News pictures: a new data URL is stored through the image pipeline and kept as its path. */
async function storePictures(db: Db, input: WebsiteDraftInput): Promise<unknown> {
  if (input.section !== "news") return input.body;
  const items = await Promise.all(
    (input.body.items ?? []).map(async (post) => {
      if (!post.image) return { ...post, image: null };
      const sha = post.image.startsWith("data:") ? await storeDataUrl(db, post.image) : await storedShaFromPath(db, post.image);
      if (!sha)
        throw new HttpError(400, "Picture not found: choose it again", {
          issues: [{ path: "body.items.image", message: "Picture not found" }],
        });
      return { ...post, image: imagePath(sha) };
    }),
  );
  return { ...input.body, items };
}

export async function saveDraft(db: Db, input: WebsiteDraftInput, actor: Actor, now: Date): Promise<SectionState> {
  const body = await storePictures(db, input);
  await upsertDraft(db, { section: input.section, body, savedAt: now, savedBy: actor.name });
  return sectionState(db, input.section);
}

export async function discardDraft(db: Db, section: WebsiteSection): Promise<SectionState> {
  await deleteDraft(db, section);
  return sectionState(db, section);
}

/** Production publishes no fictional identity (decision 365). */
function refusePlaceholders(section: WebsiteSection, body: unknown, production: boolean) {
  if (!production || section !== "identity") return;
  const issues = placeholderFields(body as Identity);
  if (issues.length)
    throw new HttpError(400, `The identity still has placeholder details: ${issues.map((i) => i.path.slice(5)).join(", ")}`, {
      issues,
    });
}

export async function publish(
  db: Db,
  section: WebsiteSection,
  actor: Actor,
  now: Date,
  production = false,
): Promise<SectionState> {
  return db.transaction(async (tx) => {
    const draft = await findDraft(tx, section);
    if (!draft) throw new HttpError(409, "Nothing to publish: save a draft first");
    refusePlaceholders(section, draft.body, production);
    const row = await insertVersion(tx, {
      section,
      body: draft.body,
      publishedAt: now,
      publishedBy: actor.name,
      restoredFrom: null,
    });
    await deleteDraft(tx, section);
    await logActivity(tx, {
      type: "other",
      action: "Website published",
      details: `${SECTION_NAMES[section]} (version ${row.id})`,
      actor,
      at: now,
    });
    return sectionState(tx, section);
  });
}

export async function versionBody(db: DbOrTx, section: WebsiteSection, id: number) {
  const row = await findVersion(db, section, id);
  if (!row) throw new HttpError(404, "Version not found");
  return { ...versionOut(row), body: row.body as Record<string, unknown> };
}

/** Publishes an old version's body again, as a new version (the history stays as it was). */
export async function restore(
  db: Db,
  section: WebsiteSection,
  id: number,
  actor: Actor,
  now: Date,
  production = false,
): Promise<SectionState> {
  return db.transaction(async (tx) => {
    const old = await findVersion(tx, section, id);
    if (!old) throw new HttpError(404, "Version not found");
    refusePlaceholders(section, old.body, production);
    await insertVersion(tx, { section, body: old.body, publishedAt: now, publishedBy: actor.name, restoredFrom: id });
    await logActivity(tx, {
      type: "other",
      action: "Website version restored",
      details: `${SECTION_NAMES[section]} (version ${id})`,
      actor,
      at: now,
    });
    return sectionState(tx, section);
  });
}

function assemble(
  rows: { section: string; id: number; publishedAt: string; body: unknown }[],
  preview: boolean,
): PublishedWebsite {
  const bySection = new Map(rows.map((r) => [r.section, r]));
  const sections: PublishedWebsite["sections"] = {};
  for (const section of WEBSITE_SECTIONS) {
    const row = bySection.get(section);
    sections[section] = {
      version: row?.id ?? 0,
      publishedAt: row?.publishedAt ?? DEFAULTS_PUBLISHED_AT,
      body: withHtml(section, row?.body ?? WEBSITE_DEFAULTS[section]),
    };
  }
  return { sections, preview };
}

/** What visitors see: the current version of every section. */
export async function publishedWebsite(db: DbOrTx): Promise<PublishedWebsite> {
  const rows = await currentVersions(db);
  return assemble(
    rows.map((r) => ({ section: r.section, id: r.id, publishedAt: r.publishedAt.toISOString(), body: r.body })),
    false,
  );
}

/** What a preview link shows: every draft over the current versions. */
export async function previewWebsite(db: DbOrTx, token: string, now: Date): Promise<PublishedWebsite> {
  if (!(await previewValid(db, token, now))) throw new HttpError(404, "This preview link has expired: open the preview again");
  const [rows, drafts] = await Promise.all([currentVersions(db), listDrafts(db)]);
  const merged = new Map(
    rows.map((r) => [r.section, { section: r.section, id: r.id, publishedAt: r.publishedAt.toISOString(), body: r.body }]),
  );
  for (const d of drafts)
    merged.set(d.section, { section: d.section, id: -1, publishedAt: d.savedAt.toISOString(), body: d.body });
  return assemble([...merged.values()], true);
}

export async function createPreview(db: DbOrTx, actor: Actor, now: Date) {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + PREVIEW_MS);
  await insertPreview(db, { token, createdBy: actor.name, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}
