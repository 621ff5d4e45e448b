import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { BOOKING_TERMS, BOOKING_TERMS_UPDATED } from "../../content/booking-terms";
import type { RouteHandle } from "../../lib/seo";
import { Link } from "../../components/Link";
import { PolicyInForce } from "./PolicyInForce";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: `Booking Terms | ${config.provider.name}`,
    description:
      "Our booking terms: cancellation and refunds, moving to another date, missed courses, the ID documents and first-aid certificate to bring, and the fitness declaration.",
    keywords: ["booking terms", "cancellation policy", "refund policy", "SIA course terms"],
    path: paths.bookingTerms,
    breadcrumbs: [{ name: "Booking Terms", path: paths.bookingTerms }],
  }),
};

/** /booking-terms: what a customer agrees to at checkout ('I agree to the booking terms'). */
export default function BookingTermsPage() {
  const { provider } = useSiteConfig();
  const [y, m, d] = BOOKING_TERMS_UPDATED.split("-").map(Number);
  const updated = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Booking Terms" }]}
        title="Booking terms"
        subtitle="What you agree to when you book a course with us."
      />
      <section className="section ui-container terms" aria-label="Booking terms">
        <p className="terms__intro">
          These terms apply to every course booked with {provider.name}. Version {BOOKING_TERMS_UPDATED}, last updated {updated}.
          Questions? <Link to={paths.contact}>Contact us</Link> before you book. How we handle your personal data is in our{" "}
          <Link to={paths.privacy}>privacy policy</Link>.
        </p>
        <nav aria-label="On this page" className="terms__toc">
          <ul>
            {BOOKING_TERMS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        {BOOKING_TERMS.map((s) => (
          <section key={s.id} id={s.id} className="terms__section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>{s.title}</h2>
            {s.body.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
        <PolicyInForce />
      </section>
    </>
  );
}
