/** A course page's title, description, breadcrumbs and structured data (JSON-LD) for search engines. */
import type { CourseDetail } from "@app/contract";
import { formatPounds } from "@app/ui/format";
import { paths } from "../../config/paths";
import { formatAddress, placeName } from "../../config/provider";
import { instanceSchedule } from "../../lib/course-schedule";
import { imageUrl } from "../../lib/images";
import { isLoadFailure } from "../../lib/loadable";
import type { Loadable } from "../../lib/loadable";
import { absoluteUrl, DESCRIPTION_MAX, keywords, pageTitle, sentences } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";

/** What the course page's loader gives the page and its meta. */
export interface CoursePageData {
  slug: string;
  course: Loadable<CourseDetail>;
}

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

export const handle: RouteHandle<CoursePageData> = {
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
