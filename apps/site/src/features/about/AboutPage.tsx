import classroomImage from "../../assets/about-classroom.svg";
import venueImage from "../../assets/about-venue.svg";
import { ArrowRight, BadgeCheck, HeartHandshake, ShieldCheck, Users } from "lucide-react";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { FaqSection } from "../../components/widgets/FaqSection";
import { CommunityBand, JoinCommunityButton } from "../../components/widgets/JoinCommunity";
import { ReviewsCarousel } from "../../components/widgets/ReviewsCarousel";
import { useSiteConfig } from "../../config/site";
import { useReviews } from "../../lib/use-texts";
import { escapeHtml, keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { ReasonList } from "../../components/widgets/ReasonList";
import { Link } from "../../components/Link";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("About Us", config.provider),
    description:
      "A family-run, SIA-approved training centre in Bootle with over 30 years' experience of the security industry. Meet the team behind your training.",
    keywords: keywords("about us", "family-run training centre", "security training Merseyside"),
    path: paths.about,
    breadcrumbs: [{ name: "About Us", path: paths.about }],
    jsonLd: [
      { "@type": "AboutPage", name: `About ${config.provider.name}`, about: { "@id": `${config.siteUrl}/#organization` } },
    ],
  }),
};

const VALUES = [
  {
    Icon: ShieldCheck,
    title: "Straight talking",
    text: "We tell you exactly what the course involves, what it costs and what happens after. No hidden fees, no surprises.",
  },
  {
    Icon: HeartHandshake,
    title: "Support after the course",
    text: "We help you set up your SIA account and licence application, and pass on job leads from venues we know.",
  },
  {
    Icon: BadgeCheck,
    title: "Standards that count",
    text: "Approved courses, experienced assessors and proper practical training, because your licence and your safety depend on it.",
  },
  { Icon: Users, title: "Family run", text: "You deal with the same small team from your first call to your certificate." },
] as const;

/** Spec §2 /about: intro, Who we are, What we do, images, two 'Book a Training' buttons, a further section and the shared section. */
export default function AboutPage() {
  const { provider, texts } = useSiteConfig();
  const reviews = useReviews();
  const years = new Date().getFullYear() - provider.foundedYear;
  const about = texts?.about;
  // The office's words (HTML the API cut down to its allow-list, decision 362) with the name and
  // the years written in; lists keep the page's tick style.
  const fill = (html: string) =>
    html
      .replaceAll("{provider}", escapeHtml(provider.name))
      .replaceAll("{years}", years > 1 ? `${years} years` : "years")
      .replaceAll("<ul>", '<ul class="ticks">');
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "About Us" }]}
        title="About Us"
        subtitle={about?.subtitle ?? ""}
      />

      <section className="section ui-container split" aria-labelledby="who-we-are">
        <div className="split__text">
          <p className="eyebrow">Who we are</p>
          <h2 id="who-we-are">{about?.whoTitle}</h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: fill(about?.whoTextHtml ?? "") }} />
          <Link to={paths.allCourses} className="ui-button ui-button--primary ui-button--lg">
            Book a Training <ArrowRight size={20} aria-hidden="true" />
          </Link>
        </div>
        <img
          className="split__image"
          src={classroomImage}
          alt="Illustration of a small training group with a trainer at a whiteboard"
          width={640}
          height={480}
          loading="lazy"
        />
      </section>

      <section className="section section--muted" aria-labelledby="what-we-do">
        <div className="ui-container split split--reverse">
          <div className="split__text">
            <p className="eyebrow">What we do</p>
            <h2 id="what-we-do">{about?.whatTitle}</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: fill(about?.whatTextHtml ?? "") }} />
            <Link to={paths.allCourses} className="ui-button ui-button--primary ui-button--lg">
              Book a Training <ArrowRight size={20} aria-hidden="true" />
            </Link>
          </div>
          <img
            className="split__image"
            src={venueImage}
            alt="Illustration of a door supervisor welcoming guests at a venue entrance"
            width={640}
            height={480}
            loading="lazy"
          />
        </div>
      </section>

      <section className="section ui-container" aria-labelledby="our-values">
        <p className="eyebrow">How we work</p>
        <h2 id="our-values">What you can expect from us</h2>
        <ReasonList reasons={VALUES} />
        <div className="center-row">
          <JoinCommunityButton />
        </div>
      </section>

      <div className="section ui-container">
        <ReviewsCarousel reviews={reviews} />
      </div>
      <FaqSection />
      <div className="colour-divider" aria-hidden="true" />
      <CommunityBand />
    </>
  );
}
