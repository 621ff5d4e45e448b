import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, CheckboxField, SelectField, TextAreaField, useToast } from "@app/ui";
import {
  CourseSettingsSchema,
  DEFAULT_ASSESSMENT_TEXT,
  DEFAULT_SIDE_BOX_BENEFITS,
  LICENCE_KIND_LABELS,
  LICENCE_KINDS,
  type CourseSettings,
  type LicenceKind,
} from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";

type Errors = Partial<Record<keyof CourseSettings, string>>;

/**
 * A training's settings (decision 369): the SIA licence it leads to or renews, the learner form and
 * first aid check, and the course page's side box and assessment text. Shown on the training's page.
 */
export function CourseSettingsPanel({ courseId }: { courseId: number }) {
  const settings = useQuery({
    queryKey: [...queryKeys.course(courseId), "settings"],
    queryFn: () => unwrap(api.courseSettings.get({ params: { id: courseId } })),
  });
  if (!settings.data) return null;
  return <SettingsForm key={JSON.stringify(settings.data)} courseId={courseId} saved={settings.data} />;
}

function SettingsForm({ courseId, saved }: { courseId: number; saved: CourseSettings }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(saved);
  const [ownLines, setOwnLines] = useState((saved.side_box_benefits ?? []).join("\n"));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<CourseSettings>) => setForm((f) => ({ ...f, ...patch }));

  const save = useMutation({
    mutationFn: (body: CourseSettings) => unwrap(api.courseSettings.update({ params: { id: courseId }, body })),
    onSuccess: async () => {
      toast.success("Course settings saved");
      await queryClient.invalidateQueries({ queryKey: queryKeys.course(courseId) });
    },
    onError: (e: Error) => toast.error(errorMessage(e)),
  });

  const submit = () => {
    const body: CourseSettings = {
      ...form,
      side_box_benefits:
        form.side_box_benefits === null
          ? null
          : ownLines
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean),
    };
    const parsed = CourseSettingsSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof CourseSettings] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <section className="tr-checks tr-settings" aria-labelledby="tr-settings-title">
      <h2 id="tr-settings-title" className="tr-checks__title">
        Course settings
      </h2>
      <SelectField
        id="tr-licence"
        label="SIA licence"
        hint="The licence this course leads to or renews. Licence courses can have the learner form and licence-renewal reminders."
        value={form.licence ?? ""}
        error={errors.licence}
        onChange={(e) => {
          const licence = (e.target.value || null) as LicenceKind | null;
          set(licence ? { licence } : { licence, licence_renewal: false, learner_form: false, first_aid_required: false });
        }}
        options={[
          { value: "", label: "None (not licence-linked)" },
          ...LICENCE_KINDS.map((k) => ({ value: k, label: LICENCE_KIND_LABELS[k] })),
        ]}
      />
      <CheckboxField
        id="tr-renewal"
        label="Renews the licence (refresher or top-up)"
        checked={form.licence_renewal}
        disabled={!form.licence}
        error={errors.licence_renewal}
        onChange={(e) => set({ licence_renewal: e.target.checked })}
      />
      <CheckboxField
        id="tr-learner-form"
        label="Attendees fill in the learner form (ID, address, SIA account)"
        checked={form.learner_form}
        disabled={!form.licence}
        error={errors.learner_form}
        onChange={(e) => set(e.target.checked ? { learner_form: true } : { learner_form: false, first_aid_required: false })}
      />
      <CheckboxField
        id="tr-first-aid"
        label="Learners show a first aid certificate valid on the first day"
        checked={form.first_aid_required}
        disabled={!form.learner_form}
        error={errors.first_aid_required}
        onChange={(e) => set({ first_aid_required: e.target.checked })}
      />
      <CheckboxField
        id="tr-own-lines"
        label="Own side-box lines on the course page"
        hint={form.side_box_benefits === null ? `Site-wide: ${DEFAULT_SIDE_BOX_BENEFITS.join(" · ")}` : undefined}
        checked={form.side_box_benefits !== null}
        onChange={(e) => set({ side_box_benefits: e.target.checked ? [] : null })}
      />
      {form.side_box_benefits !== null ? (
        <TextAreaField
          id="tr-lines"
          label="Side-box lines (one per line, up to 6)"
          rows={4}
          value={ownLines}
          error={errors.side_box_benefits}
          onChange={(e) => setOwnLines(e.target.value)}
        />
      ) : null}
      <CheckboxField
        id="tr-own-assessment"
        label="Own assessment text on the course page"
        hint={form.assessment_text === null ? `Site-wide: ${DEFAULT_ASSESSMENT_TEXT}` : undefined}
        checked={form.assessment_text !== null}
        onChange={(e) => set({ assessment_text: e.target.checked ? "" : null })}
      />
      {form.assessment_text !== null ? (
        <TextAreaField
          id="tr-assessment"
          label="Assessment text"
          rows={4}
          value={form.assessment_text}
          error={errors.assessment_text}
          onChange={(e) => set({ assessment_text: e.target.value })}
        />
      ) : null}
      <Button variant="secondary" loading={save.isPending} onClick={submit}>
        Save course settings
      </Button>
    </section>
  );
}
