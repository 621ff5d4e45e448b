import type { LoaderFunctionArgs } from "react-router";
import { placeName } from "../../config/provider";
import { useLoaderData } from "react-router";
import type { CourseListItem } from "@app/contract";
import { EmptyState } from "@app/ui";
import { paths } from "../../config/paths";
import { CourseCard, CourseGridSkeleton } from "../../components/CourseCard";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { fetchCourses } from "../../lib/catalogue";
import { Deferred, load } from "../../lib/loadable";
import type { Loadable } from "../../lib/loadable";
import { absoluteUrl, keywords, pageTitle, sentences } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";

interface Data {
  courses: Loadable<CourseListItem[]>;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  return { courses: await load(() => fetchCourses(request)) };
}

export const handle: RouteHandle<Data> = {
  meta: ({ data, config }) => {
    const courses = Array.isArray(data?.courses) ? data.courses : [];
    return {
      title: pageTitle(`SIA Training Courses in ${config.provider.area}`, config.provider),
      description: `Affordable, SIA-approved courses in ${placeName(config.provider)}: door supervisor, CCTV operator, refreshers, top-ups and first aid. See dates and book online.`,
      keywords: keywords(
        "SIA courses",
        `door supervisor training ${config.provider.area}`,
        "CCTV operator course",
        "SIA refresher",
        "emergency first aid at work",
      ),
      path: paths.allCourses,
      breadcrumbs: [{ name: "SIA Courses", path: paths.allCourses }],
      jsonLd: courses.length
        ? [
            {
              "@type": "ItemList",
              name: "SIA training courses",
              numberOfItems: courses.length,
              itemListElement: courses.map((c, i) => ({
                "@type": "ListItem",
                position: i + 1,
                url: absoluteUrl(config, paths.course(c.slug)),
                name: c.title,
                description: sentences(c.description, 200, c.title),
              })),
            },
          ]
        : [],
    };
  },
};

/** Spec §2 /all-courses: breadcrumb, heading, subtitle, grid of course cards (6 skeletons while loading). */
export default function AllCoursesPage() {
  const data = useLoaderData() as Data;
  const { provider } = useSiteConfig();
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "SIA Courses" }]}
        title={`SIA Training in ${provider.area} - ${provider.name}`}
        subtitle="Choose from our list of affordable and SIA-approved training courses."
      />
      <section className="section ui-container" aria-label="Courses">
        <Deferred value={data.courses} fallback={<CourseGridSkeleton />} errorTitle="We couldn't load our courses">
          {(courses) =>
            courses.length === 0 ? (
              <EmptyState
                title="No courses available"
                text="New course dates are added every month. Please check back soon or contact us."
              />
            ) : (
              <div className="course-grid">
                {/* Only the first picture is fetched at once and first: it is a phone's largest paint, and a
                    second one at the same priority halved its share of the connection (performance). The
                    others load lazily, those in view at once all the same. */}
                {courses.map((course, i) => (
                  <CourseCard key={course.id} course={course} eagerImage={i === 0} headingLevel={2} />
                ))}
              </div>
            )
          }
        </Deferred>
      </section>
    </>
  );
}
