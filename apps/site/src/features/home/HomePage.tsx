import {
  ArrowRight,
  BadgeCheck,
  BookOpen,
  Clock,
  GraduationCap,
  HandCoins,
  IdCard,
  MapPin,
  Phone,
  RefreshCcw,
  Wallet,
} from "lucide-react";
import { EmptyState } from "@app/ui";
import { paths } from "../../config/paths";
import { useCatalogue } from "../../lib/root-data";
import { leadCourse } from "../../lib/catalogue-copy";
import { formatPounds } from "@app/ui/format";
import { CourseCard } from "../../components/CourseCard";
import { CommunityBand } from "../../components/widgets/JoinCommunity";
import { FaqSection } from "../../components/widgets/FaqSection";
import { ReviewsCarousel } from "../../components/widgets/ReviewsCarousel";
import { useSiteConfig } from "../../config/site";
import { phoneText, telHref, placeName } from "../../config/provider";
import { useHomeTexts, useReviews } from "../../lib/use-texts";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { HydrateInTurn } from "../../lib/hydration-turns";
import { ReasonList } from "../../components/widgets/ReasonList";
import { Link } from "../../components/Link";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle(`SIA Training Courses in ${placeName(config.provider)}`, config.provider),
    description: `SIA-approved door supervisor, CCTV, refresher and first aid courses in ${placeName(config.provider)}. Results in 4 working days and free unlimited retakes.`,
    keywords: keywords(
      `SIA door supervisor course ${config.provider.area}`,
      `CCTV course ${config.provider.address.locality}`,
      "SIA licence training",
      `security jobs ${config.provider.area}`,
    ),
    path: paths.home,
    breadcrumbs: [],
  }),
};

const STEP_ICONS = [BookOpen, IdCard, Wallet] as const;
const REASON_ICONS = [GraduationCap, RefreshCcw, Clock, BadgeCheck, HandCoins, MapPin] as const;

/** The home page: the route into the industry, courses, reasons, reviews and FAQ. */
/** Each section hydrates in a task of its own (decision 257): the page is long and mostly static. */
export default function HomePage() {
  const courses = useCatalogue();
  const reviews = useReviews();
  const home = useHomeTexts();
  const steps = home.steps.map((s, i) => ({ ...s, Icon: STEP_ICONS[i % STEP_ICONS.length]! }));
  const reasons = home.reasons.map((r, i) => ({ ...r, Icon: REASON_ICONS[i % REASON_ICONS.length]! }));
  const { provider } = useSiteConfig();
  const featured = courses.slice(0, 6);
  // The price shown in the hero is the catalogue's, never a figure written into the copy.
  const lead = leadCourse(courses);

  return (
    <>
      <HydrateInTurn id="home-hero">
        <section className="home-hero ui-on-dark" aria-labelledby="home-title">
          <div className="ui-container home-hero__inner">
            <p className="eyebrow eyebrow--on-dark">SIA-approved training centre in {placeName(provider)}</p>
            <h1 id="home-title" className="home-hero__title">
              {home.heroTitle}
              {home.heroAccent ? " " : ""}
              {home.heroAccent ? <span className="home-hero__accent">{home.heroAccent}</span> : null}
            </h1>
            <p className="home-hero__lead">{home.heroText}</p>
            <div className="home-hero__actions">
              <Link to={paths.allCourses} className="ui-button ui-button--primary ui-button--lg">
                Browse Courses <ArrowRight size={20} aria-hidden="true" />
              </Link>
              <a href={telHref(provider.phone)} className="ui-button ui-button--secondary ui-button--lg">
                <Phone size={20} aria-hidden="true" />
                {phoneText(` Call ${provider.phone}`)}
              </a>
            </div>
            <p className="home-hero__finder">
              Not sure which course you need? <Link to={paths.courseFinder}>Answer a few questions</Link> and we will tell you.
            </p>
            <ul className="home-hero__facts">
              {lead && (
                <li>
                  <strong>{formatPounds(lead.fee)}</strong> {lead.title}
                </li>
              )}
              <li>
                <strong>4 working days</strong> to your results
              </li>
              <li>
                <strong>4-6 weeks</strong> to your licence
              </li>
            </ul>
          </div>
        </section>
      </HydrateInTurn>

      <HydrateInTurn id="home-steps">
        <section className="section section--later steps" aria-labelledby="steps-title">
          <div className="ui-container">
            <p className="eyebrow">How it works</p>
            <h2 id="steps-title">Three steps to your first shift</h2>
            <ol className="steps__list">
              {steps.map(({ Icon, title, text }, i) => (
                <li key={title} className="step">
                  <span className="step__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <Icon size={28} aria-hidden="true" className="step__icon" />
                  <h3 className="step__title">{title}</h3>
                  <p>{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </HydrateInTurn>

      <HydrateInTurn id="home-courses">
        <section className="section section--muted section--later" aria-labelledby="courses-title">
          <div className="ui-container">
            <div className="section__head">
              <div>
                <p className="eyebrow">Our courses</p>
                <h2 id="courses-title">SIA training courses</h2>
              </div>
              <Link to={paths.allCourses} className="section__more">
                See all courses <ArrowRight size={18} aria-hidden="true" />
              </Link>
            </div>
            {featured.length === 0 ? (
              <EmptyState
                title="No courses available"
                text="New course dates are added every month. Please check back soon or contact us."
              />
            ) : (
              <div className="course-grid">
                {featured.map((course) => (
                  <CourseCard key={course.id} course={course} />
                ))}
              </div>
            )}
          </div>
        </section>
      </HydrateInTurn>

      <HydrateInTurn id="home-why">
        <section className="section section--later" aria-labelledby="why-title">
          <div className="ui-container">
            <p className="eyebrow">Why train with us</p>
            <h2 id="why-title">Training that gets you working</h2>
            <ReasonList reasons={reasons} />
          </div>
        </section>
      </HydrateInTurn>

      <HydrateInTurn id="home-funded">
        <section className="section funded ui-on-dark" aria-labelledby="funded-title">
          <div className="ui-container funded__inner">
            <div>
              <h2 id="funded-title">Out of work or on a low income?</h2>
              <p>
                Your training could be fully funded. Tell us your situation and we will check what you are entitled to before you
                book.
              </p>
            </div>
            <Link to={paths.contact} className="ui-button ui-button--primary ui-button--lg">
              Ask about funding
            </Link>
          </div>
        </section>
      </HydrateInTurn>

      <HydrateInTurn id="home-reviews">
        <div className="section section--later ui-container">
          <ReviewsCarousel reviews={reviews} />
        </div>
      </HydrateInTurn>

      <HydrateInTurn id="home-faq">
        <FaqSection />
      </HydrateInTurn>
      <HydrateInTurn id="home-community">
        <CommunityBand />
      </HydrateInTurn>
    </>
  );
}
