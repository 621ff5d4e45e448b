/** What every section of the training form shares: its frame, the add/remove buttons and list editing. */
import { useId } from "react";
import type { ReactNode } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@app/ui";
import type { FieldErrors, TrainingDraft } from "../trainingForm";

/** The props every section gets: the working copy, a patch setter, the field errors. */
export interface SectionProps {
  draft: TrainingDraft;
  set: (patch: Partial<TrainingDraft>) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

type ListKey = "courseDates" | "keyPoints" | "courseUnits" | "addOns";

/** Edits one of the draft's lists (dates, key points, units, add-ons) row by row. */
export function listEditor<K extends ListKey>(draft: TrainingDraft, set: SectionProps["set"], key: K) {
  type Row = TrainingDraft[K][number];
  const list = draft[key] as Row[];
  return {
    update: (index: number, patch: Partial<Row>) =>
      set({ [key]: list.map((row, i) => (i === index ? { ...row, ...patch } : row)) } as Partial<TrainingDraft>),
    remove: (index: number) => set({ [key]: list.filter((_, i) => i !== index) } as Partial<TrainingDraft>),
    add: (row: Row) => set({ [key]: [...list, row] } as Partial<TrainingDraft>),
  };
}

export function Section({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="tr-section" aria-labelledby={id}>
      <h2 id={id} className="tr-section__title">
        {title}
      </h2>
      {children}
      {error ? (
        <p className="ui-field__error tr-section__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export function AddButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={disabled} className="tr-add">
      <Plus size={18} aria-hidden="true" />
      {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="tr-remove" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Trash2 size={18} aria-hidden="true" />
    </button>
  );
}
