/**
 * The provider's identity: one typed record, used by the header, footer, contact page,
 * structured data and the chat box. Every value here is an obviously fictional placeholder
 * (Ofcom drama-range phone numbers, example.com addresses); a deployment overrides them
 * through environment variables (see `providerFromEnv`), read once on the server and passed
 * to the browser with the server-rendered data. The variable names are the API's where they mean
 * the same (PROVIDER_NAME, PROVIDER_PHONE, PROVIDER_EMAIL). Production refuses every placeholder
 * still in place (`placeholderIdentity` in server/env.ts, decision 265): the defaults are for development only.
 */
export interface ProviderConfig {
  /** Full trading name, e.g. in titles and the footer. */
  name: string;
  /** Short name, e.g. 'Contact Us - MST'. */
  shortName: string;
  address: {
    street: string;
    locality: string;
    region: string;
    postcode: string;
    country: string;
  };
  /** The city people search for, named next to the locality in copy ('Bootle, Liverpool'). */
  area: string;
  /** Landline shown as 'Phone support'. */
  phone: string;
  /** Mobile number shown in the footer; also the WhatsApp chat number. */
  mobile: string;
  email: string;
  /** Chat link of the messaging service (the chat box appends `?text=`). */
  chatUrl: string;
  /** Invitation link of the community group ('Join our Community'). */
  communityUrl: string;
  social: { facebook: string; twitter: string; instagram: string; youtube: string };
  /** External resources site: the header's Resource dropdown. */
  resources: { siaNews: string; siaCareers: string };
  /** Designer credit in the footer. */
  designer: { name: string; url: string };
  foundedYear: number;
}

export const defaultProvider: ProviderConfig = {
  name: "Merseyside Door & Guard Training",
  shortName: "MDGT",
  address: {
    street: "Unit 4, 12 Example Dock Road",
    locality: "Bootle",
    region: "Merseyside",
    postcode: "L20 0XX",
    country: "United Kingdom",
  },
  area: "Liverpool",
  phone: "0151 496 0321",
  mobile: "07700 900321",
  email: "bookings@example.com",
  chatUrl: "https://wa.me/447700900321",
  communityUrl: "https://community.example.com/join/mdgt-students",
  social: {
    facebook: "https://facebook.example.com/mdgt",
    twitter: "https://twitter.example.com/mdgt",
    instagram: "https://instagram.example.com/mdgt",
    youtube: "https://youtube.example.com/@mdgt",
  },
  resources: {
    siaNews: "https://resources.example.com/sia-news",
    siaCareers: "https://resources.example.com/sia-careers",
  },
  designer: { name: "Example Web Studio", url: "https://studio.example.com" },
  foundedYear: 2009,
};

type Env = Record<string, string | undefined>;

/** Overrides from PROVIDER_* environment variables; anything unset keeps the placeholder. */
export function providerFromEnv(env: Env, base: ProviderConfig = defaultProvider): ProviderConfig {
  const pick = (key: string, fallback: string) => {
    const value = env[key]?.trim();
    return value ? value : fallback;
  };
  return {
    name: pick("PROVIDER_NAME", base.name),
    shortName: pick("PROVIDER_SHORT_NAME", base.shortName),
    address: {
      street: pick("PROVIDER_STREET", base.address.street),
      locality: pick("PROVIDER_LOCALITY", base.address.locality),
      region: pick("PROVIDER_REGION", base.address.region),
      postcode: pick("PROVIDER_POSTCODE", base.address.postcode),
      country: pick("PROVIDER_COUNTRY", base.address.country),
    },
    area: pick("PROVIDER_AREA", base.area),
    phone: pick("PROVIDER_PHONE", base.phone),
    mobile: pick("PROVIDER_MOBILE", base.mobile),
    email: pick("PROVIDER_EMAIL", base.email),
    chatUrl: pick("PROVIDER_CHAT_URL", base.chatUrl),
    communityUrl: pick("PROVIDER_COMMUNITY_URL", base.communityUrl),
    social: {
      facebook: pick("PROVIDER_FACEBOOK_URL", base.social.facebook),
      twitter: pick("PROVIDER_TWITTER_URL", base.social.twitter),
      instagram: pick("PROVIDER_INSTAGRAM_URL", base.social.instagram),
      youtube: pick("PROVIDER_YOUTUBE_URL", base.social.youtube),
    },
    resources: {
      siaNews: pick("PROVIDER_SIA_NEWS_URL", base.resources.siaNews),
      siaCareers: pick("PROVIDER_SIA_CAREERS_URL", base.resources.siaCareers),
    },
    designer: {
      name: pick("PROVIDER_DESIGNER_NAME", base.designer.name),
      url: pick("PROVIDER_DESIGNER_URL", base.designer.url),
    },
    foundedYear: Number(pick("PROVIDER_FOUNDED_YEAR", String(base.foundedYear))) || base.foundedYear,
  };
}

/** Where the training happens as copy names it: 'Bootle, Liverpool' (locality and area from configuration). */
export function placeName(p: ProviderConfig): string {
  return p.area && p.area !== p.address.locality ? `${p.address.locality}, ${p.area}` : p.address.locality;
}

/** One line: 'Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX'. */
export function formatAddress(p: ProviderConfig): string {
  const a = p.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postcode}`;
}

/** 'tel:' href from a display number: '0151 496 0321' → 'tel:+441514960321'. */
/** A phone number as shown: non-breaking spaces, so it never wraps across two lines. */
export function phoneText(number: string): string {
  return number.replace(/ /g, "\u00a0");
}

export function telHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+44${digits.slice(1)}` : digits}`;
}
