/**
 * A course's public page: its loader, title and structured data (JSON-LD), facts, dates with
 * places left, the booking panel (components/BookingForm: date, places, add-ons) and the waiting
 * list for a full date. Long because the loader, SEO data and layout of one route stay together.
 */
import { data as routeData, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { Award, CalendarDays, CheckCircle2, Clock, MonitorSmartphone, UserCheck, Zap } from "lucide-react";
import type { CourseDetail, CourseListItem } from "@app/contract";
import { DEFAULT_ASSESSMENT_TEXT, DEFAULT_SIDE_BOX_BENEFITS } from "@app/contract/course-facts";
import { Breadcrumb, Skeleton, SkeletonText } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import { paths } from "../../config/paths";
import { useCatalogue } from "../../lib/root-data";
import { CourseCard } from "../../components/CourseCard";
import { CourseImage } from "../../components/CourseImage";
import { NotFoundContent } from "../../components/NotFoundContent";
import { formatAddress, placeName } from "../../config/provider";
import { api } from "../../lib/api";
import { RECOMMENDATIONS } from "../../lib/catalogue";
import { instanceSchedule } from "../../lib/course-schedule";
import { imageUrl } from "../../lib/images";
import { Deferred, isLoadFailure, load } from "../../lib/loadable";
import type { Loadable } from "../../lib/loadable";
import { absoluteUrl, DESCRIPTION_MAX, keywords, pageTitle, sentences } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { BookingForm, placesLabel } from "./components/BookingForm";
import { WithdrawnNotice } from "./components/WithdrawnNotice";
import { JoinWaitingList } from "../../components/waitlist/JoinWaitingList";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { HydrateInTurn } from "../../lib/hydration-turns";
import { Link } from "../../components/Link";
import { audience } from "@app/rules/course-finder";
import { ukToday } from "../../lib/uk-today";

interface Data {
  slug: string;
  course: Loadable<CourseDetail>;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const slug = params.slug ?? "";
  const course = await load(() => api.courseBySlug(slug, request.signal));
  // An unknown slug is a real 404 for crawlers (in the browser the page shows the not-found content).
  if (isLoadFailure(course) && course.status === 404) throw routeData("Course not found", { status: 404 });
  return { slug, course };
}

/** Spec §2: the side box's icons for its four site-wide lines; a course's own lines get a tick. */
const BENEFIT_ICONS = new Map<string, typeof Zap>([
  [DEFAULT_SIDE_BOX_BENEFITS[0], MonitorSmartphone],
  [DEFAULT_SIDE_BOX_BENEFITS[1], Zap],
  [DEFAULT_SIDE_BOX_BENEFITS[2], Award],
  [DEFAULT_SIDE_BOX_BENEFITS[3], UserCheck],
]);

/** The course's side-box lines (its own, or the site-wide four) with their icons. */
export const benefitsOf = (course: Pick<CourseDetail, "side_box_benefits">) =>
  (course.side_box_benefits ?? DEFAULT_SIDE_BOX_BENEFITS).map((text) => ({
    text,
    Icon: BENEFIT_ICONS.get(text) ?? CheckCircle2,
  }));

/**
 * The course's meta description: its opening sentences when they fit in 155 characters, else a
 * short one written from the course's facts (never a sentence cut off with '…').
 */
export function courseDescription(
  course: Pick<CourseDetail, "title" | "description" | "duration" | "fee">,
  /** Where, from the provider's configuration (placeName), e.g. 'Bootle, Liverpool'. */
  place: string,
): string {
  const facts = [
    `${course.title} in ${place}${course.duration ? `: ${course.duration}` : ""}, ${formatPounds(course.fee)}.`,
    "SIA-approved training with results and certificate within 4 working days.",
  ].join(" ");
  return sentences(course.description, DESCRIPTION_MAX, sentences(facts, DESCRIPTION_MAX, `${course.title} in ${place}.`));
}

/** Who may take a course: the words of the FAQ's "What do I need to join a course?" (content/faq.ts; not imported, to keep the FAQ out of this page's script). */
export const COURSE_PREREQUISITES =
  "You must be 18 or over, have the right to work in the UK and speak, read and write English at Level 1 (basic English). Bring photo ID and proof of address on the first day.";

export const handle: RouteHandle<Data> = {
  meta: ({ data, config }) => {
    const slug = data?.slug ?? "";
    const course = data && !isLoadFailure(data.course) && !(data.course instanceof Promise) ? data.course : null;
    const path = paths.course(slug);
    if (!course) {
      return {
        title: pageTitle("SIA Course", config.provider),
        description: `SIA-approved training course in ${placeName(config.provider)}.`,
        keywords: keywords(),
        path,
        breadcrumbs: [
          { name: "SIA Courses", path: paths.allCourses },
          { name: "Course", path },
        ],
      };
    }
    const url = absoluteUrl(config, path);
    const image = course.thumbnail ? imageUrl(config.publicApiUrl, course.thumbnail) : null;
    const anyPlaces = course.courseDates.some((d) => d.placesLeft > 0);
    const provider = {
      "@type": "Organization",
      "@id": `${config.siteUrl}/#organization`,
      name: config.provider.name,
      sameAs: `${config.siteUrl}/`,
    };
    return {
      // A withdrawn course's page is for the people who booked it, not for search engines.
      ...(course.withdrawn ? { robots: "noindex, follow" } : {}),
      title: pageTitle(`${course.title} in ${config.provider.area}`, config.provider, course.title),
      description: courseDescription(course, placeName(config.provider)),
      keywords: keywords(
        course.title,
        `${course.title} ${config.provider.area}`,
        `${course.title} ${config.provider.address.locality}`,
        "SIA licence",
      ),
      path,
      image,
      breadcrumbs: [
        { name: "SIA Courses", path: paths.allCourses },
        { name: course.title, path },
      ],
      jsonLd: [
        {
          "@type": "Course",
          "@id": `${url}#course`,
          name: course.title,
          description: sentences(course.description, 500, course.title),
          url,
          ...(image ? { image } : {}),
          provider,
          inLanguage: "en-GB",
          educationalCredentialAwarded: {
            "@type": "EducationalOccupationalCredential",
            name: `${course.title} certificate`,
            credentialCategory: "certificate",
            recognizedBy: provider,
          },
          coursePrerequisites: COURSE_PREREQUISITES,
          offers: {
            "@type": "Offer",
            category: "Paid",
            price: course.fee.toFixed(2),
            priceCurrency: "GBP",
            availability: anyPlaces ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
            url,
          },
          hasCourseInstance: course.courseDates.map((d) => ({
            "@type": "CourseInstance",
            courseMode: "Onsite",
            startDate: d.startDate,
            endDate: d.endDate,
            ...instanceSchedule(d, course.time),
            location: { "@type": "Place", name: config.provider.name, address: formatAddress(config.provider) },
            // The course dates name no trainer: the provider teaches them (schema.org allows an organisation).
            instructor: provider,
          })),
        },
      ],
    };
  },
};

function CourseSkeleton() {
  return (
    <div className="course-page" role="status" aria-label="Loading course">
      <div className="page-hero ui-on-dark">
        <div className="ui-container page-hero__inner">
          <Skeleton variant="line" width={220} />
          <Skeleton variant="line" width="70%" height={40} />
          <Skeleton variant="line" width={240} height={32} />
        </div>
      </div>
      <div className="ui-container course-layout">
        <div className="course-main">
          <Skeleton variant="block" className="course-hero-image" />
          <SkeletonText lines={6} />
        </div>
        <aside className="course-aside">
          <Skeleton variant="block" height={320} />
        </aside>
      </div>
    </div>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}|\r?\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  );
}

function Recommendations({ currentId }: { currentId: number }) {
  const courses: CourseListItem[] = useCatalogue()
    .filter((c) => c.id !== currentId)
    .slice(0, RECOMMENDATIONS);
  if (courses.length === 0) return null;
  return (
    <section className="section section--later recommendations" aria-labelledby="also-like">
      <div className="ui-container">
        <h2 id="also-like">You May Also Like</h2>
        {/* Focusable so keyboard users can scroll it; a named <section> is its region. */}
        <section className="scroll-row" tabIndex={0} aria-label="Recommended courses">
          {courses.map((c) => (
            <div className="scroll-row__item" key={c.id}>
              <CourseCard course={c} />
            </div>
          ))}
        </section>
      </div>
    </section>
  );
}

/** The booking panel's next bookable date with its places (the panel stays in view on desktop). */
function NextDate({ course }: { course: CourseDetail }) {
  const next = course.courseDates.find((d) => d.placesLeft > 0);
  if (!next) return <p className="side-box__next">No dates with places at the moment: call us for the next one.</p>;
  return (
    <p className="side-box__next">
      <span className="side-box__fee-label">Next date</span>
      <strong>{formatDateRangeWithWeekday(next.startDate, next.endDate)}</strong>
      <span>
        {course.time} · {placesLabel(next.placesLeft)}
      </span>
    </p>
  );
}

/** The page's parts hydrate in tasks of their own, the booking form in one of its own (decision 257). */
function CourseView({ course }: { course: CourseDetail }) {
  const image = course.thumbnail;
  return (
    <div className="course-page">
      <HydrateInTurn id="course-hero">
        <div className="page-hero ui-on-dark">
          <div className="ui-container page-hero__inner">
            <Breadcrumb
              className="page-hero__crumbs"
              items={[
                { label: "Home", href: paths.home },
                { label: "SIA Courses", href: paths.allCourses },
                { label: course.title },
              ]}
              renderLink={({ href, label, className }) => (
                <Link to={href} className={className}>
                  {label}
                </Link>
              )}
            />
            <h1 className="page-hero__title">{course.title}</h1>
            <ul className="chips">
              {course.duration ? (
                <li className="chip">
                  <CalendarDays size={16} aria-hidden="true" /> {course.duration}
                </li>
              ) : null}
              {course.time ? (
                <li className="chip">
                  <Clock size={16} aria-hidden="true" /> {course.time}
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      </HydrateInTurn>

      <div className="ui-container course-layout">
        <HydrateInTurn id="course-main">
          <div className="course-main">
            <CourseImage path={image} size="full" eager className="course-hero-image" />

            <section className="course-section course-audience" aria-labelledby="who-for">
              <h2 id="who-for">Who is this for?</h2>
              {audience(course.slug, ukToday()) ? <p>{audience(course.slug, ukToday())}</p> : null}
              <p>
                Not sure this is the right course? <Link to={paths.courseFinder}>Find the course you need</Link> with a few
                questions.
              </p>
            </section>

            <section className="course-section" aria-labelledby="about-course">
              <h2 id="about-course">About this Course</h2>
              <Paragraphs text={course.description} />
            </section>

            {course.courseUnits.length > 0 ? (
              <section className="course-section" aria-labelledby="course-units">
                <h2 id="course-units">Course Units</h2>
                <ol className="unit-list">
                  {course.courseUnits.map((u) => (
                    <li key={u.id}>{u.title}</li>
                  ))}
                </ol>
              </section>
            ) : null}

            <section className="course-section" aria-labelledby="assessment">
              <h2 id="assessment">Assessment</h2>
              <p>{course.assessment_text ?? DEFAULT_ASSESSMENT_TEXT}</p>
            </section>

            {course.keyPoints.length > 0 ? (
              <section className="course-section" aria-labelledby="keypoints">
                <h2 id="keypoints">Course Keypoints</h2>
                <ul className="keypoints">
                  {course.keyPoints.map((k) => (
                    <li key={k.id} className="keypoint">
                      <CheckCircle2 size={22} aria-hidden="true" className="keypoint__icon" />
                      <div>
                        <h3 className="keypoint__title">{k.title}</h3>
                        {k.details ? <p>{k.details}</p> : null}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {course.withdrawn ? (
              <WithdrawnNotice />
            ) : (
              <HydrateInTurn id="course-book">
                <section className="course-section book-block" id="book" aria-labelledby="book-title" tabIndex={-1}>
                  <h2 id="book-title">Book Your Date</h2>
                  <BookingForm course={course} />
                  <JoinWaitingList course={course} />
                </section>
              </HydrateInTurn>
            )}
          </div>
        </HydrateInTurn>

        <HydrateInTurn id="course-aside">
          <aside className="course-aside" aria-label="Course summary">
            <div className="side-box">
              <ul className="benefits">
                {benefitsOf(course).map(({ Icon, text }) => (
                  <li key={text}>
                    <Icon size={22} aria-hidden="true" />
                    <span>{text}</span>
                  </li>
                ))}
              </ul>
              {course.withdrawn ? null : <NextDate course={course} />}
              <p className="side-box__fee">
                <span className="side-box__fee-label">Course Fee</span>
                <span className="ui-price side-box__price">{formatPounds(course.fee)}</span>
              </p>
              {course.withdrawn ? null : (
                <a href="#book" className="ui-button ui-button--primary ui-button--lg ui-button--full">
                  Enroll Today
                </a>
              )}
            </div>
          </aside>
        </HydrateInTurn>
      </div>
      <HydrateInTurn id="course-more">
        <Recommendations currentId={course.id} />
      </HydrateInTurn>
    </div>
  );
}

/** /course/{slug} (spec §2): course facts, the booking block and recommendations. */
export default function CoursePage() {
  const data = useLoaderData() as Data;
  return (
    <Deferred
      value={data.course}
      fallback={<CourseSkeleton />}
      errorTitle="We couldn't load this course"
      notFound={<NotFoundContent />}
    >
      {(course) => <CourseView course={course} />}
    </Deferred>
  );
}
