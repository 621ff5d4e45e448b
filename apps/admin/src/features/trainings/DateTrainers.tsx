/**
 * Which trainers teach a course date (attendee changes, decision 332): the office ticks trainer accounts;
 * a trainer then sees this date's register and enrolments, and no other.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";

const key = (dateId: number) => ["date-trainers", dateId] as const;

export function DateTrainers({ dateId, label }: { dateId: number; label: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: key(dateId), queryFn: () => unwrap(api.trainers.dateTrainers({ params: { dateId } })) });
  const save = useMutation({
    mutationFn: (ids: number[]) => unwrap(api.trainers.setDateTrainers({ params: { dateId }, body: { user_ids: ids } })),
    onSuccess: (view) => {
      client.setQueryData(key(dateId), view);
      toast.success("Trainers saved");
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!query.data) return null;
  const assigned = new Set(query.data.assigned.map((t) => t.id));
  if (!query.data.available.length) return <p className="ui-muted tr-trainers">No trainer accounts yet</p>;
  return (
    <fieldset className="tr-trainers" disabled={save.isPending}>
      <legend className="ui-muted">Trainers of {label}</legend>
      {query.data.available.map((t) => (
        <label key={t.id} className="tr-trainers__item">
          <input
            type="checkbox"
            checked={assigned.has(t.id)}
            onChange={(e) => {
              const next = new Set(assigned);
              if (e.target.checked) next.add(t.id);
              else next.delete(t.id);
              save.mutate([...next]);
            }}
          />
          {t.name}
        </label>
      ))}
    </fieldset>
  );
}
