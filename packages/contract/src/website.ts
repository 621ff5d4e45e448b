import { z } from "zod";
import { adminResponses, c, DataUrl, ErrorSchema, IsoDate, officeOnly, requiredText } from "./common";
import { TEXT_MAX } from "./order-facts";

/**
 * The public site's own words as data (website editing, decisions 360-369): each section is one JSON
 * document with a draft and a list of published versions. Formatted fields are Markdown; the API
 * answers them as sanitised HTML beside the source (`…Html`).
 */
export const WEBSITE_SECTIONS = ["identity", "home", "about", "contact", "faq", "policies", "reviews", "banner", "news"] as const;
export type WebsiteSection = (typeof WEBSITE_SECTIONS)[number];

/** Longest Markdown text of one field (a policy is ~2,000 characters). */
export const MARKDOWN_MAX = 20_000;
const md = (message: string) => requiredText(message, MARKDOWN_MAX);
const optionalMd = z.string().max(MARKDOWN_MAX).default("");
const text = (message: string) => requiredText(message, TEXT_MAX.short);
const httpUrl = z
  .string()
  .trim()
  .max(TEXT_MAX.url)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Please enter a valid URL");
const slug = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens");

export const IdentitySchema = z.object({
  name: text("Name is required"),
  shortName: text("Short name is required"),
  street: text("Street is required"),
  locality: text("Town is required"),
  region: text("County is required"),
  postcode: text("Postcode is required"),
  country: text("Country is required"),
  area: z.string().trim().max(TEXT_MAX.short),
  phone: requiredText("Phone is required", TEXT_MAX.phone),
  mobile: requiredText("Mobile is required", TEXT_MAX.phone),
  email: z.string().trim().max(TEXT_MAX.email).email("Please enter a valid e-mail address"),
  whatsappUrl: httpUrl,
  communityUrl: httpUrl,
  facebook: httpUrl,
  twitter: httpUrl,
  instagram: httpUrl,
  youtube: httpUrl,
  /** One line per day or range: 'Monday to Friday: 9am to 5pm'. */
  openingHours: z.array(text("Opening hours line is required")).max(14),
});
export type Identity = z.infer<typeof IdentitySchema>;

const Card = z.object({ title: text("Title is required"), text: requiredText("Text is required", TEXT_MAX.details) });
export const HomeSchema = z.object({
  heroTitle: text("Hero title is required"),
  /** The hero title's second, highlighted part. */
  heroAccent: z.string().trim().max(TEXT_MAX.short),
  heroText: requiredText("Hero text is required", TEXT_MAX.details),
  steps: z.array(Card).length(3, "The home page has three steps"),
  reasons: z.array(Card).min(1).max(12),
});

/** The About page's words; {provider} and {years} are written from the identity and the founding year. */
export const AboutSchema = z.object({
  subtitle: requiredText("Subtitle is required", TEXT_MAX.details),
  whoTitle: text("Title is required"),
  whoText: md("Text is required"),
  whatTitle: text("Title is required"),
  whatText: md("Text is required"),
});
export const ContactSchema = z.object({ subtitle: requiredText("Subtitle is required", TEXT_MAX.details) });

export const FaqItemSchema = z.object({
  id: slug,
  question: text("Question is required"),
  /** Markdown; a paragraph reading {prices} or {location} is written from the catalogue and the address. */
  answer: md("Answer is required"),
});
export const FaqSchema = z.object({ items: z.array(FaqItemSchema).max(50) });

export const PolicySchema = z.object({
  id: slug,
  title: text("Title is required"),
  body: md("Policy text is required"),
  signedBy: text("Signed by is required"),
  signedOn: IsoDate,
});
export const PoliciesSchema = z.object({ items: z.array(PolicySchema).max(30) });

export const ReviewSchema = z.object({
  name: text("Name is required"),
  rating: z.coerce.number().int().min(1).max(5),
  date: IsoDate,
  text: requiredText("Review text is required", TEXT_MAX.details),
  /** Where the review was written (e.g. 'Google'); a review aggregate is published only when every review has one. */
  source: z.string().trim().max(TEXT_MAX.short).default(""),
});
export const ReviewsSchema = z.object({ items: z.array(ReviewSchema).max(100) });

export const BannerSchema = z.object({
  /** Empty: no banner. */
  text: optionalMd,
  startsOn: IsoDate.nullable().default(null),
  endsOn: IsoDate.nullable().default(null),
});

export const NewsPostSchema = z.object({
  slug,
  title: text("Title is required"),
  body: md("Text is required"),
  /** Path under /api/images (kept) or a data URL (a new picture, stored on save). */
  image: z
    .union([DataUrl, z.string().max(TEXT_MAX.url)])
    .nullable()
    .default(null),
  imageAlt: z.string().trim().max(TEXT_MAX.short).default(""),
  publishedOn: IsoDate,
});
export const NewsSchema = z.object({ items: z.array(NewsPostSchema).max(200) });

export const SECTION_SCHEMAS = {
  identity: IdentitySchema,
  home: HomeSchema,
  about: AboutSchema,
  contact: ContactSchema,
  faq: FaqSchema,
  policies: PoliciesSchema,
  reviews: ReviewsSchema,
  banner: BannerSchema,
  news: NewsSchema,
} as const;
export type SectionBody<S extends WebsiteSection> = z.infer<(typeof SECTION_SCHEMAS)[S]>;
export type WebsiteBodies = { [S in WebsiteSection]: SectionBody<S> };

/** A draft to save: the section and its whole document. */
export const WebsiteDraftSchema = z.discriminatedUnion(
  "section",
  WEBSITE_SECTIONS.map((s) => z.object({ section: z.literal(s), body: SECTION_SCHEMAS[s] })) as unknown as [
    z.ZodDiscriminatedUnionOption<"section">,
    ...z.ZodDiscriminatedUnionOption<"section">[],
  ],
);
export type WebsiteDraftInput = {
  [S in WebsiteSection]: { section: S; body: z.input<(typeof SECTION_SCHEMAS)[S]> };
}[WebsiteSection];

/** Every Markdown field answered as sanitised HTML: `{ field: md }` → `{ field: md, fieldHtml: html }`. */
const Json = z.record(z.string(), z.unknown());
export const PublishedSectionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  /** The document with each Markdown field's sanitised HTML beside it (`answer` → `answerHtml`). */
  body: Json,
});
export const PublishedWebsiteSchema = z.object({
  sections: z.record(z.string(), PublishedSectionSchema),
  /** True when drafts are shown (a preview link): never cached, never indexed. */
  preview: z.boolean(),
});
export type PublishedWebsite = z.infer<typeof PublishedWebsiteSchema>;

export const WebsiteVersionSchema = z.object({
  id: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  restoredFrom: z.number().int().nullable(),
});
export type WebsiteVersion = z.infer<typeof WebsiteVersionSchema>;

export const SectionStateSchema = z.object({
  section: z.enum(WEBSITE_SECTIONS),
  /** What the editor shows: the draft if there is one, else the current version. */
  body: Json,
  hasDraft: z.boolean(),
  draftSavedAt: z.string().nullable(),
  draftSavedBy: z.string().nullable(),
  current: WebsiteVersionSchema.nullable(),
  versions: z.array(WebsiteVersionSchema),
});
export type SectionState = z.infer<typeof SectionStateSchema>;

const SectionParams = z.object({ section: z.enum(WEBSITE_SECTIONS) });
const VersionParams = SectionParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "Unknown preview") });

export const websiteContract = c.router({
  published: {
    method: "GET",
    path: "/website",
    responses: { 200: PublishedWebsiteSchema },
    summary: "The published site texts (identity, pages, FAQ, policies, reviews, banner, news)",
  },
  preview: {
    method: "GET",
    path: "/website/preview/:token",
    pathParams: TokenParams,
    responses: { 200: PublishedWebsiteSchema, 404: ErrorSchema },
    summary: "The site texts with every draft in place, for a preview link (expires after an hour)",
  },
  section: {
    method: "GET",
    path: "/admin/website/:section",
    pathParams: SectionParams,
    // 404: no such section.
    responses: { 200: SectionStateSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  saveDraft: {
    method: "PUT",
    path: "/admin/website/draft",
    body: WebsiteDraftSchema,
    responses: { 200: SectionStateSchema, ...adminResponses },
    metadata: officeOnly,
  },
  discardDraft: {
    method: "DELETE",
    path: "/admin/website/:section/draft",
    pathParams: SectionParams,
    body: c.noBody(),
    responses: { 200: SectionStateSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  publish: {
    method: "POST",
    path: "/admin/website/:section/publish",
    pathParams: SectionParams,
    body: c.noBody(),
    responses: { 200: SectionStateSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  version: {
    method: "GET",
    path: "/admin/website/:section/versions/:id",
    pathParams: VersionParams,
    responses: { 200: WebsiteVersionSchema.extend({ body: Json }), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  restore: {
    method: "POST",
    path: "/admin/website/:section/versions/:id/restore",
    pathParams: VersionParams,
    body: c.noBody(),
    responses: { 200: SectionStateSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  createPreview: {
    method: "POST",
    path: "/admin/website/preview",
    body: c.noBody(),
    responses: { 201: z.object({ token: z.string(), expiresAt: z.string() }), ...adminResponses },
    metadata: officeOnly,
  },
});
