/**
 * Page header data (spec §2): title, description, keywords, canonical link, Open Graph and
 * Twitter tags, and JSON-LD (WebPage on every page, a BreadcrumbList below the home page, plus page extras such as
 * an ItemList of courses or a Course). The tags themselves are made from a page's PageMeta in
 * head.ts (kept out of the browser's first load).
 */
import type { Params } from "react-router";
import type { SiteConfig } from "../config/site";

/** Spec §9: the published date used in the page header data. */
export const PUBLISHED_DATE = "2025-02-10";

export interface Crumb {
  name: string;
  /** Site path, e.g. '/all-courses'. */
  path: string;
}

export interface PageMeta {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Canonical path of the page, e.g. '/course/door-supervisor'. */
  path: string;
  /** Breadcrumb trail after Home (Home is added). */
  breadcrumbs: readonly Crumb[];
  /** Absolute or API path of a preview picture. */
  image?: string | null;
  /** Extra JSON-LD nodes (ItemList, Course…). */
  jsonLd?: readonly Record<string, unknown>[];
  /** e.g. 'noindex' for the 404 page. */
  robots?: string;
}

export interface MetaArgs<D = unknown> {
  /** This route's loader data (already settled on the server; may hold promises in the browser). */
  data: D;
  params: Params;
  config: SiteConfig;
}

export type MetaFunction<D = unknown> = (args: MetaArgs<D>) => PageMeta;

/** What route `handle`s carry. */
export interface RouteHandle<D = unknown> {
  meta?: MetaFunction<D>;
}

export interface HeadTag {
  tag: "title" | "meta" | "link" | "script";
  attrs: Record<string, string>;
  text?: string;
}

export function absoluteUrl(config: SiteConfig, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${config.siteUrl}${path === "/" ? "/" : path}`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** JSON that is safe inside a <script> element: no '</script>', no HTML comment openers. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Keywords every page carries, plus the page's own. */
export const BASE_KEYWORDS = [
  "SIA training",
  "security training Bootle",
  "SIA courses Liverpool",
  "door supervisor course",
] as const;

export function keywords(...own: string[]): string[] {
  return [...own, ...BASE_KEYWORDS.filter((k) => !own.includes(k))];
}

/** Google shows about this many characters of a title and of a description (docs/decisions/150). */
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 155;

/**
 * A page title in the one pattern of the site, '{page} | {business}': the business's full name
 * when the title then fits in 60 characters, else its short name. `alternatives` are shorter
 * wordings of the page part, tried in order when the first does not fit; the last resort is the
 * shortest wording alone, cut at a word boundary.
 */
export function pageTitle(page: string, provider: { name: string; shortName: string }, ...alternatives: string[]): string {
  const wordings = [page, ...alternatives];
  for (const wording of wordings) {
    for (const name of [provider.name, provider.shortName]) {
      const title = `${wording} | ${name}`;
      if (title.length <= TITLE_MAX) return title;
    }
  }
  const shortest = wordings.reduce((a, b) => (b.length < a.length ? b : a));
  if (shortest.length <= TITLE_MAX) return shortest;
  const cut = shortest.slice(0, TITLE_MAX + 1);
  return cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : TITLE_MAX).trim();
}

/**
 * Whole sentences of `text`, as many as fit in `max` characters; never a sentence cut short.
 * Returns `fallback` when not even the first sentence fits.
 */
export function sentences(text: string, max: number, fallback = ""): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  // A sentence ends at . ! or ? (maybe closed by a quote or bracket) before a space: '£99.50' is no end.
  const parts = clean.split(/(?<=[.!?]["')\]]?)\s+/);
  let out = "";
  for (const part of parts) {
    const next = out ? `${out} ${part}` : part;
    if (next.length > max || !/[.!?]["')\]]?$/.test(part)) break;
    out = next;
  }
  return out || fallback;
}

/** Trim a description to a preview-friendly length on a word boundary. */
export function summary(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 30)).replace(/[,.;:\s]+$/, "")}…`;
}
