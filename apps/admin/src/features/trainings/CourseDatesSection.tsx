import { useState } from "react";
import { CalendarPlus } from "lucide-react";
import { Button, useToast } from "@app/ui";
import type { AdminCourseDetail } from "@app/contract";
import { ApiError, errorMessage } from "../../lib/errors";
import { useAddSeries } from "./api";
import { DateTrainers } from "./DateTrainers";
import { RepeatingDatesDialog } from "./RepeatingDatesDialog";
import type { SeriesErrors } from "./seriesForm";
import { ViewSection } from "./detailParts";

/** A course's dates with their places and trainers, and the dialog that adds a run of repeating dates. */
export function CourseDatesSection({ course: c }: { course: AdminCourseDetail }) {
  const toast = useToast();
  const [seriesOpen, setSeriesOpen] = useState(false);
  const [seriesErrors, setSeriesErrors] = useState<SeriesErrors>({});
  const addSeries = useAddSeries(c.id, {
    onSuccess: () => {
      setSeriesOpen(false);
      toast.success("Repeating dates added");
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      if (error instanceof ApiError && error.status === 400) {
        setSeriesErrors(
          Object.fromEntries((error.body.issues ?? []).map((i) => [i.path.split(".")[0], i.message])) as SeriesErrors,
        );
      }
    },
  });

  return (
    <>
      <ViewSection
        title="Course Dates"
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSeriesErrors({});
              setSeriesOpen(true);
            }}
          >
            <CalendarPlus size={18} aria-hidden="true" />
            Add repeating dates
          </Button>
        }
      >
        {c.courseDates.length === 0 ? (
          <p className="ui-muted">No dates set</p>
        ) : (
          <ul className="tr-chips">
            {c.courseDates.map((d) => (
              <li key={d.id} className="tr-chip">
                <strong>{d.label}</strong>
                <span className="ui-muted">
                  {d.placesLeft} of {d.capacity} places left
                </span>
                <DateTrainers dateId={d.id} label={d.label} />
              </li>
            ))}
          </ul>
        )}
      </ViewSection>

      {seriesOpen ? (
        <RepeatingDatesDialog
          open
          onClose={() => setSeriesOpen(false)}
          defaultCapacity={c.capacity}
          onAdd={(input) => addSeries.mutate(input)}
          busy={addSeries.isPending}
          serverErrors={seriesErrors}
        />
      ) : null}
    </>
  );
}
