/**
 * A section as the site gets it: each Markdown field with its sanitised HTML beside it
 * (`answer` → `answerHtml`), so the site never parses Markdown (no parser in its bundle, and
 * the allow-list is applied once, on the server). News pictures keep their /api/images path.
 */
import type { WebsiteSection } from "@app/contract";
import { renderMarkdown } from "./markdown";

/** The Markdown fields of each section: top-level names, or `items.` + a field of each item. */
const MARKDOWN_FIELDS: Record<WebsiteSection, string[]> = {
  identity: [],
  home: [],
  about: ["whoText", "whatText"],
  contact: [],
  faq: ["items.answer"],
  policies: ["items.body"],
  reviews: [],
  banner: ["text"],
  news: ["items.body"],
};

type Doc = Record<string, unknown>;

function addHtml(doc: Doc, field: string): Doc {
  const value = doc[field];
  return typeof value === "string" ? { ...doc, [`${field}Html`]: renderMarkdown(value) } : doc;
}

export function withHtml(section: WebsiteSection, body: unknown): Doc {
  let doc = { ...(body as Doc) };
  for (const path of MARKDOWN_FIELDS[section]) {
    if (path.startsWith("items.")) {
      const field = path.slice("items.".length);
      const items = Array.isArray(doc.items) ? (doc.items as Doc[]) : [];
      doc = { ...doc, items: items.map((item) => addHtml(item, field)) };
    } else {
      doc = addHtml(doc, path);
    }
  }
  return doc;
}
