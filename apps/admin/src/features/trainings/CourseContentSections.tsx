import { formatPounds } from "@app/ui/format";
import type { AdminCourseDetail } from "@app/contract";
import { ViewSection } from "./detailParts";

/** What the course teaches and sells beside the fee, read-only: key points, units and add-ons. */
export function CourseContentSections({ course: c }: { course: AdminCourseDetail }) {
  return (
    <>
      <ViewSection title="Key Points">
        {c.keyPoints.length === 0 ? (
          <p className="ui-muted">None</p>
        ) : (
          <ul className="tr-list-plain">
            {c.keyPoints.map((k) => (
              <li key={k.id}>
                <strong>{k.title}</strong>
                {k.details ? <p className="ui-muted">{k.details}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </ViewSection>

      <ViewSection title="Course Units">
        {c.courseUnits.length === 0 ? (
          <p className="ui-muted">None</p>
        ) : (
          <ol className="tr-list-plain tr-list-plain--numbered">
            {c.courseUnits.map((u) => (
              <li key={u.id}>{u.title}</li>
            ))}
          </ol>
        )}
      </ViewSection>

      <ViewSection title="Add-ons">
        {c.addOns.length === 0 ? (
          <p className="ui-muted">None</p>
        ) : (
          <ul className="tr-list-plain">
            {c.addOns.map((a) => (
              <li key={a.id} className="tr-addon">
                <div>
                  <strong>{a.name}</strong>
                  {a.description ? <p className="ui-muted">{a.description}</p> : null}
                </div>
                <span className="ui-price">{formatPounds(a.price)}</span>
              </li>
            ))}
          </ul>
        )}
      </ViewSection>
    </>
  );
}
