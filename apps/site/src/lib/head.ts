/**
 * The page's head tags (title, description, canonical, Open Graph and Twitter tags, JSON-LD) from
 * its PageMeta (seo.ts): one description (`headTags`) feeds both the server template (as HTML
 * text) and client navigation (as DOM updates), so they never differ. Its own module, apart from
 * seo.ts (which every page imports for its titles): the browser needs it only after a client
 * navigation and imports it then, so it stays out of the first load (performance, decision 257).
 */
import type { SiteConfig } from "../config/site";
import { absoluteUrl, escapeHtml, jsonForScript, PUBLISHED_DATE } from "./seo";
import type { Crumb, HeadTag, PageMeta } from "./seo";

function absoluteImage(config: SiteConfig, image: string | null | undefined): string {
  if (!image) return `${config.siteUrl}/og-image.png`;
  if (/^https?:\/\//.test(image)) return image;
  if (image.startsWith("/api/")) return `${config.publicApiUrl}${image}`;
  return `${config.siteUrl}${image}`;
}

/** What the business is, in the About page's own words (its meta description). */
export const organizationDescription = (config: SiteConfig) =>
  `${config.provider.name}: a family-run, SIA-approved training centre in Bootle with over 30 years' experience of the security industry.`;

export function organizationLd(config: SiteConfig): Record<string, unknown> {
  const p = config.provider;
  return {
    "@type": "EducationalOrganization",
    "@id": `${config.siteUrl}/#organization`,
    name: p.name,
    alternateName: p.shortName,
    url: `${config.siteUrl}/`,
    // Google's organisation logo: a square picture of at least 112 px (the 180 px touch icon).
    logo: { "@type": "ImageObject", url: `${config.siteUrl}/apple-touch-icon.png`, width: 180, height: 180 },
    description: organizationDescription(config),
    email: p.email,
    telephone: p.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: p.address.street,
      addressLocality: p.address.locality,
      addressRegion: p.address.region,
      postalCode: p.address.postcode,
      addressCountry: "GB",
    },
    sameAs: [p.social.facebook, p.social.twitter, p.social.instagram, p.social.youtube].filter(Boolean),
    ...reviewAggregate(config),
  };
}

/**
 * A review aggregate only when the reviews are real and sourced (website editing): every published
 * review names where it was written. The built-in reviews have no source, so none is claimed.
 */
function reviewAggregate(config: SiteConfig): Record<string, unknown> {
  const reviews = config.texts?.reviews ?? [];
  if (!reviews.length || reviews.some((r) => !r.source.trim())) return {};
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: Math.round((total / reviews.length) * 10) / 10,
      reviewCount: reviews.length,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

export function pageJsonLd(meta: PageMeta, config: SiteConfig): Record<string, unknown> {
  const url = absoluteUrl(config, meta.path);
  const trail: Crumb[] = [{ name: "Home", path: "/" }, ...meta.breadcrumbs.filter((c) => c.path !== "/")];
  // A trail of one item (the home page) is no trail: Google asks for at least two.
  const hasTrail = trail.length > 1;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebPage",
        "@id": `${url}#webpage`,
        url,
        name: meta.title,
        description: meta.description,
        inLanguage: "en-GB",
        datePublished: PUBLISHED_DATE,
        isPartOf: {
          "@type": "WebSite",
          "@id": `${config.siteUrl}/#website`,
          name: config.provider.name,
          url: `${config.siteUrl}/`,
        },
        publisher: { "@id": `${config.siteUrl}/#organization` },
        ...(hasTrail ? { breadcrumb: { "@id": `${url}#breadcrumb` } } : {}),
      },
      ...(hasTrail
        ? [
            {
              "@type": "BreadcrumbList",
              "@id": `${url}#breadcrumb`,
              itemListElement: trail.map((crumb, index) => ({
                "@type": "ListItem",
                position: index + 1,
                name: crumb.name,
                item: absoluteUrl(config, crumb.path),
              })),
            },
          ]
        : []),
      organizationLd(config),
      ...(meta.jsonLd ?? []),
    ],
  };
}

/** The head tags of a page, in document order. */
export function headTags(meta: PageMeta, config: SiteConfig): HeadTag[] {
  const url = absoluteUrl(config, meta.path);
  const image = absoluteImage(config, meta.image);
  const m = (key: "name" | "property", id: string, content: string): HeadTag => ({ tag: "meta", attrs: { [key]: id, content } });
  return [
    { tag: "title", attrs: {}, text: meta.title },
    m("name", "description", meta.description),
    m("name", "keywords", meta.keywords.join(", ")),
    m("name", "robots", meta.robots ?? "index, follow"),
    { tag: "link", attrs: { rel: "canonical", href: url } },
    m("property", "og:type", "website"),
    m("property", "og:site_name", config.provider.name),
    m("property", "og:locale", "en_GB"),
    m("property", "og:title", meta.title),
    m("property", "og:description", meta.description),
    m("property", "og:url", url),
    m("property", "og:image", image),
    m("name", "twitter:card", "summary_large_image"),
    m("name", "twitter:title", meta.title),
    m("name", "twitter:description", meta.description),
    m("name", "twitter:image", image),
    { tag: "script", attrs: { type: "application/ld+json", id: "page-jsonld" }, text: jsonForScript(pageJsonLd(meta, config)) },
  ];
}

/** Server side: the tags as HTML, each marked so the browser can replace them on navigation. */
export function renderHeadHtml(meta: PageMeta, config: SiteConfig): string {
  return headTags(meta, config)
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries({ ...attrs, "data-page-head": "" })
        .map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
        .join("");
      if (tag === "title") return `<title${attributes}>${escapeHtml(text ?? "")}</title>`;
      if (tag === "script") return `<script${attributes}>${text ?? ""}</script>`;
      return `<${tag}${attributes}>`;
    })
    .join("\n    ");
}

/** Browser side: replaces the page's head tags after a client navigation. */
export function applyHead(meta: PageMeta, config: SiteConfig): void {
  const head = document.head;
  head.querySelectorAll("[data-page-head]").forEach((el) => el.remove());
  const anchor = head.querySelector("meta[name=viewport]")?.nextSibling ?? null;
  for (const { tag, attrs, text } of headTags(meta, config)) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.setAttribute("data-page-head", "");
    if (text !== undefined) el.textContent = text;
    head.insertBefore(el, anchor);
  }
}
