import { useSearchParams } from "react-router";
import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { SocialLinks } from "../../components/widgets/SocialLinks";
import { useSiteConfig } from "../../config/site";
import { formatAddress, phoneText, telHref, placeName } from "../../config/provider";
import { keywords } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { ContactForm } from "./ContactForm";

/**
 * Spec §2: 'Contact Us' followed by the provider's short name, in the site's one title pattern
 * ('{page} | {business}', see pageTitle in lib/seo.ts).
 */
export function contactTitle(provider: { shortName: string }): string {
  return `Contact Us | ${provider.shortName}`;
}

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: contactTitle(config.provider),
    description: `Call, e-mail or message us in ${placeName(config.provider)} about SIA courses, dates and funded training. Over 30 years of combined experience, ready to help.`,
    keywords: keywords(
      "contact SIA training centre",
      `${config.provider.address.locality} training centre`,
      "SIA course enquiry",
    ),
    path: paths.contact,
    breadcrumbs: [{ name: "Contact Us", path: paths.contact }],
    jsonLd: [
      { "@type": "ContactPage", name: contactTitle(config.provider), about: { "@id": `${config.siteUrl}/#organization` } },
    ],
  }),
};

/** Spec §2 /contact: contact details and the contact form (thank-you card after sending). */
/** Longest prefilled message taken from the address (the finder's answers are far shorter). */
const MESSAGE_PREFILL_MAX = 1500;

export default function ContactPage() {
  const { provider, texts } = useSiteConfig();
  // The hours the office publishes (decision 366).
  const hours = texts?.openingHours ?? [];
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Contact Us" }]}
        title="Contact Us"
        subtitle={texts?.contact.subtitle ?? ""}
      />
      <div className="section ui-container contact-layout">
        <section className="contact-details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Get in touch</h2>
          <ul className="contact-list">
            <li>
              <MapPin size={22} aria-hidden="true" />
              <div>
                <h3>Office address</h3>
                <p>{formatAddress(provider)}</p>
              </div>
            </li>
            <li>
              <Phone size={22} aria-hidden="true" />
              <div>
                <h3>Phone support</h3>
                <p>
                  <a href={telHref(provider.phone)}>{phoneText(provider.phone)}</a>
                </p>
              </div>
            </li>
            <li>
              <Mail size={22} aria-hidden="true" />
              <div>
                <h3>E-mail</h3>
                <p>
                  <a href={`mailto:${provider.email}`}>{provider.email}</a>
                </p>
              </div>
            </li>
            <li>
              <MessageCircle size={22} aria-hidden="true" />
              <div>
                <h3>Chat with us</h3>
                <p>
                  <a href={provider.chatUrl} target="_blank" rel="noopener noreferrer">
                    Message us on WhatsApp<span className="ui-visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              </div>
            </li>
            {hours.length ? (
              <li>
                <Clock size={22} aria-hidden="true" />
                <div>
                  <h3>Opening hours</h3>
                  {hours.map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </div>
              </li>
            ) : null}
          </ul>
          <h3 className="contact-details__social">Follow us</h3>
          <SocialLinks className="social-links--light" />
        </section>
        <section className="contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <ContactForm initialMessage={searchParams.get("message")?.slice(0, MESSAGE_PREFILL_MAX) ?? ""} />
        </section>
      </div>
    </>
  );
}
