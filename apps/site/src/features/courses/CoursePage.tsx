/**
 * A course's public page: its loader, facts, dates with places left, the booking panel
 * (components/BookingForm: date, places, add-ons) and the waiting list for a full date. The meta
 * and structured data are in courseMeta.ts, the side box in CourseAside.tsx.
 */
import { data as routeData, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { CalendarDays, CheckCircle2, Clock } from "lucide-react";
import type { CourseDetail } from "@app/contract";
import { DEFAULT_ASSESSMENT_TEXT } from "@app/contract/course-facts";
import { Breadcrumb } from "@app/ui";
import { paths } from "../../config/paths";
import { CourseImage } from "../../components/CourseImage";
import { NotFoundContent } from "../../components/NotFoundContent";
import { api } from "../../lib/api";
import { Deferred, isLoadFailure, load } from "../../lib/loadable";
import { BookingForm } from "./components/BookingForm";
import { WithdrawnNotice } from "./components/WithdrawnNotice";
import { JoinWaitingList } from "../../components/waitlist/JoinWaitingList";
import { HydrateInTurn } from "../../lib/hydration-turns";
import { Link } from "../../components/Link";
import { audience } from "@app/rules/course-finder";
import { ukToday } from "../../lib/uk-today";
import type { CoursePageData as Data } from "./courseMeta";
import { CourseAside } from "./CourseAside";
import { CourseSkeleton, Paragraphs, Recommendations } from "./CoursePageParts";

export { handle } from "./courseMeta";

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const slug = params.slug ?? "";
  const course = await load(() => api.courseBySlug(slug, request.signal));
  // An unknown slug is a real 404 for crawlers (in the browser the page shows the not-found content).
  if (isLoadFailure(course) && course.status === 404) throw routeData("Course not found", { status: 404 });
  return { slug, course };
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
          <CourseAside course={course} />
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
