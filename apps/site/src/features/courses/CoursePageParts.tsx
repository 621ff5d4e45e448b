import type { CourseListItem } from "@app/contract";
import { Skeleton, SkeletonText } from "@app/ui";
import { useCatalogue } from "../../lib/root-data";
import { RECOMMENDATIONS } from "../../lib/catalogue";
import { CourseCard } from "../../components/CourseCard";

/** The course page's shape while its data is on the way. */
export function CourseSkeleton() {
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

/** A course description's paragraphs, as the office typed them (blank lines or single line breaks). */
export function Paragraphs({ text }: { text: string }) {
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

/** Other courses from the catalogue, in a row that scrolls. */
export function Recommendations({ currentId }: { currentId: number }) {
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
