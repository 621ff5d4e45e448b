import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button, ButtonLink, useToast } from "@app/ui";
import { useDraftForm } from "../../lib/useDraftForm";
import { useCreateTraining } from "./api";
import { ApiError } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RouterBreadcrumb } from "../../components/RouterBreadcrumb";
import { TrainingForm } from "./TrainingForm";
import { emptyDraft } from "./trainingForm";
import { toCreatePayload } from "./trainingPayload";
import { stillWrong, validateCreate } from "./trainingValidation";
import type { FieldErrors, TrainingDraft } from "./trainingForm";
import { serverFieldErrors } from "./serverErrors";
import { focusFirstError } from "./focusFirstError";
import "./trainings.css";

const FAILED = "Failed to create training. Please try again.";

/** /create-training: every field of a training, the spec §5 rules, 'Creating...', toast and back to the list. */
export default function CreateTrainingPage() {
  usePageTitle("Add Training");
  const navigate = useNavigate();
  const toast = useToast();
  const { draft, setDraft, errors, setErrors, check } = useDraftForm<TrainingDraft, FieldErrors>(emptyDraft);
  const [imageError, setImageError] = useState<string | null>(null);

  const create = useCreateTraining({
    onSuccess: () => {
      toast.success("Training created successfully!");
      void navigate(paths.trainings);
    },
    onError: (error) => {
      // A 400 names the fields; anything else is the spec's generic failure (or the server's words).
      if (error instanceof ApiError && error.status === 400) setErrors(serverFieldErrors(error));
      const serverMessage = error instanceof ApiError && error.kind === "http" && error.body.message ? error.body.message : null;
      toast.error(serverMessage ?? FAILED);
    },
  });

  function onChange(next: TrainingDraft) {
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(stillWrong(errors, validateCreate(next)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check(validateCreate(draft))) {
      focusFirstError();
      return;
    }
    create.mutate(toCreatePayload(draft));
  }

  const busy = create.isPending;
  return (
    <div className="content-page">
      <RouterBreadcrumb items={[{ label: "Trainings", href: paths.trainings }, { label: "Add Training" }]} />
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="content-head tr-head">
          <h1 className="content-title">Add Training</h1>
          <div className="tr-head__actions">
            <ButtonLink as={Link} to={paths.trainings} variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={busy} loadingLabel="Creating...">
              Save Training
            </Button>
          </div>
        </div>
        <TrainingForm
          draft={draft}
          onChange={onChange}
          errors={imageError ? { ...errors, thumbnail: imageError } : errors}
          onImageError={setImageError}
          disabled={busy}
        />
      </form>
    </div>
  );
}
