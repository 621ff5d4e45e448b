/**
 * What the Website area edits, section by section (website editing): each section's fields, its lists
 * (added, edited, moved and removed item by item) and the public page its preview opens.
 * The contract validates every document; these only lay out the form.
 */
import type { WebsiteSection } from "@app/contract";

export type FieldKind = "text" | "textarea" | "markdown" | "date" | "rating" | "lines" | "image";
export interface Field {
  key: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  optional?: boolean;
}
export interface ListSpec {
  key: string;
  label: string;
  /** One item, in words: 'question' ('Answer (question 4)', 'Add question'). */
  item: string;
  /** Item heading in the form, from the item. */
  title: (item: Record<string, unknown>, index: number) => string;
  fields: Field[];
  blank: () => Record<string, unknown>;
  /** A fixed number of items (the home page's three steps): no add or remove. */
  fixed?: boolean;
}
export interface SectionSpec {
  section: WebsiteSection;
  label: string;
  /** The public page the preview opens. */
  page: string;
  fields: Field[];
  lists: ListSpec[];
}

const MD_HINT = "Markdown: **bold**, _italic_, [link](https://…), lists with '- ', a blank line between paragraphs.";
const today = () => new Date().toISOString().slice(0, 10);
const text = (key: string, label: string, optional = false): Field => ({ key, label, kind: "text", optional });
const md = (key: string, label: string): Field => ({ key, label, kind: "markdown", hint: MD_HINT });

export const SECTIONS: readonly SectionSpec[] = [
  {
    section: "identity",
    label: "Identity",
    page: "/contact",
    fields: [
      text("name", "Business name"),
      text("shortName", "Short name"),
      text("street", "Street"),
      text("locality", "Town"),
      text("region", "County"),
      text("postcode", "Postcode"),
      text("country", "Country"),
      text("area", "City named with the town", true),
      text("phone", "Phone"),
      text("mobile", "Mobile"),
      text("email", "E-mail"),
      text("whatsappUrl", "WhatsApp link", true),
      text("communityUrl", "Community group link", true),
      text("facebook", "Facebook", true),
      text("twitter", "X (Twitter)", true),
      text("instagram", "Instagram", true),
      text("youtube", "YouTube", true),
      { key: "openingHours", label: "Opening hours", kind: "lines", hint: "One line each, e.g. 'Monday to Friday, 9am to 5pm'." },
    ],
    lists: [],
  },
  {
    section: "home",
    label: "Home page",
    page: "/",
    fields: [
      text("heroTitle", "Hero title"),
      text("heroAccent", "Hero title, highlighted part", true),
      { key: "heroText", label: "Hero text", kind: "textarea" },
    ],
    lists: [
      {
        key: "steps",
        label: "Three steps",
        item: "step",
        title: (item, i) => `Step ${i + 1}: ${String(item.title ?? "")}`,
        fields: [text("title", "Title"), { key: "text", label: "Text", kind: "textarea" }],
        blank: () => ({ title: "", text: "" }),
        fixed: true,
      },
      {
        key: "reasons",
        label: "Reasons to train with us",
        item: "reason",
        title: (item) => String(item.title || "New reason"),
        fields: [text("title", "Title"), { key: "text", label: "Text", kind: "textarea" }],
        blank: () => ({ title: "", text: "" }),
      },
    ],
  },
  {
    section: "about",
    label: "About page",
    page: "/about",
    fields: [
      { key: "subtitle", label: "Subtitle", kind: "textarea" },
      text("whoTitle", "'Who we are' title"),
      {
        ...md("whoText", "'Who we are' text"),
        hint: `${MD_HINT} {provider} is the business name, {years} how many years since it was founded.`,
      },
      text("whatTitle", "'What we do' title"),
      md("whatText", "'What we do' text"),
    ],
    lists: [],
  },
  {
    section: "contact",
    label: "Contact page",
    page: "/contact",
    fields: [{ key: "subtitle", label: "Subtitle", kind: "textarea" }],
    lists: [],
  },
  {
    section: "faq",
    label: "FAQ",
    page: "/",
    fields: [],
    lists: [
      {
        key: "items",
        label: "Questions",
        item: "question",
        title: (item) => String(item.question || "New question"),
        fields: [
          text("question", "Question"),
          {
            ...md("answer", "Answer"),
            hint: `${MD_HINT} A paragraph reading {prices} or {location} is written from the courses and the address.`,
          },
          { key: "id", label: "Link name", kind: "text", hint: "Lower-case words joined by hyphens, e.g. 'parking'." },
        ],
        blank: () => ({ id: `question-${Date.now().toString(36)}`, question: "", answer: "" }),
      },
    ],
  },
  {
    section: "policies",
    label: "Policies",
    page: "/privacy",
    fields: [],
    lists: [
      {
        key: "items",
        label: "Policies",
        item: "policy",
        title: (item, i) => `${i + 1}. ${String(item.title || "New policy")}`,
        fields: [
          text("title", "Title"),
          { ...md("body", "Policy text"), hint: `${MD_HINT} {provider} is replaced with the business name.` },
          text("signedBy", "Signed by"),
          { key: "signedOn", label: "Signed on (Last Updated)", kind: "date" },
          { key: "id", label: "Link name", kind: "text" },
        ],
        blank: () => ({ id: `policy-${Date.now().toString(36)}`, title: "", body: "", signedBy: "", signedOn: today() }),
      },
    ],
  },
  {
    section: "reviews",
    label: "Reviews",
    page: "/",
    fields: [],
    lists: [
      {
        key: "items",
        label: "Reviews",
        item: "review",
        title: (item) => String(item.name || "New review"),
        fields: [
          text("name", "Name"),
          { key: "rating", label: "Rating (1 to 5)", kind: "rating" },
          { key: "date", label: "Date", kind: "date" },
          { key: "text", label: "Review", kind: "textarea" },
          {
            key: "source",
            label: "Source",
            kind: "text",
            optional: true,
            hint: "Where it was written, e.g. Google. Star ratings are shown to search engines only when every review has one.",
          },
        ],
        blank: () => ({ name: "", rating: 5, date: today(), text: "", source: "" }),
      },
    ],
  },
  {
    section: "banner",
    label: "Announcement",
    page: "/",
    fields: [
      { ...md("text", "Announcement"), optional: true, hint: `${MD_HINT} Leave empty for no banner.` },
      { key: "startsOn", label: "Show from", kind: "date", optional: true },
      { key: "endsOn", label: "Show until", kind: "date", optional: true },
    ],
    lists: [],
  },
  {
    section: "news",
    label: "News",
    page: "/news",
    fields: [],
    lists: [
      {
        key: "items",
        label: "Posts",
        item: "post",
        title: (item) => String(item.title || "New post"),
        fields: [
          text("title", "Title"),
          {
            key: "slug",
            label: "Address",
            kind: "text",
            hint: "The post's address after /news/: lower-case words joined by hyphens.",
          },
          { key: "publishedOn", label: "Publish date", kind: "date" },
          md("body", "Text"),
          { key: "image", label: "Picture", kind: "image", optional: true },
          { key: "imageAlt", label: "Picture description (alt text)", kind: "text", optional: true },
        ],
        blank: () => ({ slug: "", title: "", body: "", image: null, imageAlt: "", publishedOn: today() }),
      },
    ],
  },
];

export const sectionSpec = (section: string) => SECTIONS.find((s) => s.section === section);
