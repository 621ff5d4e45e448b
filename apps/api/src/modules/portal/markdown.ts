/**
 * Revision text (decision 351): the office writes a small Markdown subset; marked turns it into
 * HTML and sanitize-html keeps only an allow-list of tags and attributes, so nothing the office
 * pastes can run script in a learner's browser. The HTML is made once, when the section is saved.
 */
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "strong", "em", "ul", "ol", "li", "a", "img", "blockquote", "code", "hr"],
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "title"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // Headings written as '#' become h2 so the page keeps one h1 (the portal's).
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer", target: "_blank" } }),
  },
};

export function renderMarkdown(body: string): string {
  const html = marked.parse(body, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, ALLOWED).trim();
}
