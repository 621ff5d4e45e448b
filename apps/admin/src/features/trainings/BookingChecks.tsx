import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, CheckboxField, useToast } from "@app/ui";
import { PREREQUISITE_KEYS, PREREQUISITE_LABELS } from "@app/contract";
import type { AdminCourseDetail, PrerequisiteKey } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";

/**
 * Course finder and prerequisites, on a training's page: whether its bookings wait for the office's approval (no payment
 * until approved, places held), and which questions each attendee answers at checkout.
 */
export function BookingChecks({ course }: { course: AdminCourseDetail }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [approval, setApproval] = useState(Boolean(course.needs_approval));
  const [asked, setAsked] = useState<PrerequisiteKey[]>(course.prerequisites ?? []);
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.approvals.bookingRules({ params: { id: course.id }, body: { needs_approval: approval, prerequisites: asked } })),
    onSuccess: async () => {
      toast.success("Booking checks saved");
      await queryClient.invalidateQueries({ queryKey: queryKeys.course(course.id) });
    },
    onError: (e: Error) => toast.error(errorMessage(e)),
  });
  const toggle = (k: PrerequisiteKey, on: boolean) =>
    setAsked((list) => (on ? PREREQUISITE_KEYS.filter((x) => x === k || list.includes(x)) : list.filter((x) => x !== k)));

  return (
    <section className="tr-checks" aria-labelledby="tr-checks-title">
      <h2 id="tr-checks-title" className="tr-checks__title">
        Booking checks
      </h2>
      <CheckboxField
        id="tr-needs-approval"
        label="Bookings need our approval before payment (places are held while we check)"
        checked={approval}
        onChange={(e) => setApproval(e.target.checked)}
      />
      <fieldset className="tr-checks__questions">
        <legend>Ask each attendee at checkout</legend>
        {PREREQUISITE_KEYS.map((k) => (
          <CheckboxField
            key={k}
            id={`tr-ask-${k}`}
            label={PREREQUISITE_LABELS[k]}
            checked={asked.includes(k)}
            onChange={(e) => toggle(k, e.target.checked)}
          />
        ))}
      </fieldset>
      <Button variant="secondary" loading={save.isPending} onClick={() => save.mutate()}>
        Save booking checks
      </Button>
    </section>
  );
}
