/**
 * The site texts' formatting language (decision 362): Markdown (CommonMark + GitHub tables and
 * strike-through, via `marked`), turned into HTML on the server and cut down to an allow-list by
 * `sanitize-html` (no DOM needed). Whatever the source holds, raw HTML included, only these tags
 * and attributes reach a visitor: no script, style, iframe, form or picture, no event handler,
 * no `style` or `class`, and links only to http(s), mailto and tel addresses.
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "del",
  "a",
  "ul",
  "ol",
  "li",
  "h3",
  "h4",
  "blockquote",
  "code",
  "pre",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Everything inside these goes with them (not shown as text).
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template"],
  disallowedTagsMode: "discard",
  transformTags: {
    // Headings start at level 3: the page's own h1/h2 stay the outline.
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    // Visitors' links to other sites neither pass ranking nor get a handle on this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener nofollow" } : attribs,
    }),
  },
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown source → safe HTML (an empty source gives ""). */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return "";
  const html = marked.parse(source, { async: false });
  return sanitizeHtml(html, SANITIZE).trim();
}

/** Raw HTML → the same allow-list (for tests and for text that is already HTML). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}
