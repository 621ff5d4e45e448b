/** The study editor's two forms (learner portal): a revision section (Markdown) and a practice question. */
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, SelectField, TextAreaField, TextField, useToast } from "@app/ui";
import type { StudyUnit } from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";

export const STUDY_KEY = ["study-units"] as const;

export function useStudySave() {
  const client = useQueryClient();
  const toast = useToast();
  return (message: string) => ({
    onSuccess: () => {
      toast.success(message);
      void client.invalidateQueries({ queryKey: STUDY_KEY });
    },
    onError: (e: unknown) => toast.error(errorMessage(e)),
  });
}

type Section = StudyUnit["sections"][number];
type Question = StudyUnit["questions"][number];

export function SectionForm({ unitId, section }: { unitId: number; section?: Section }) {
  const key = section ? `s${section.id}` : `u${unitId}-new-section`;
  const [v, setV] = useState({ title: section?.title ?? "", body: section?.body ?? "", position: section?.position ?? 0 });
  const saved = useStudySave();
  const save = useMutation({
    mutationFn: () =>
      section
        ? unwrap(api.study.updateSection({ params: { id: section.id }, body: v }))
        : unwrap(api.study.addSection({ params: { id: unitId }, body: v })),
    ...saved(section ? "Section saved" : "Section added"),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.study.deleteSection({ params: { id: section!.id } })),
    ...saved("Section removed"),
  });
  return (
    <form
      className="study-item"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
        if (!section) setV({ title: "", body: "", position: 0 });
      }}
    >
      <TextField
        id={`${key}-title`}
        label={section ? "Section title" : "New section title"}
        value={v.title}
        onChange={(e) => setV({ ...v, title: e.target.value })}
      />
      <TextAreaField
        id={`${key}-body`}
        label="Text (Markdown: **bold**, *italic*, - lists, ## headings, [links](https://…), ![pictures](https://…))"
        rows={6}
        value={v.body}
        onChange={(e) => setV({ ...v, body: e.target.value })}
      />
      {section ? <div className="study-preview" aria-label="Preview" dangerouslySetInnerHTML={{ __html: section.html }} /> : null}
      <div className="study-actions">
        <Button type="submit" variant="secondary" disabled={save.isPending || !v.title || !v.body}>
          {section ? "Save section" : "Add section"}
        </Button>
        {section ? (
          <Button type="button" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove section
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const LETTERS = ["A", "B", "C", "D"];

export function QuestionForm({ unitId, question, n }: { unitId: number; question?: Question; n?: number }) {
  const key = question ? `q${question.id}` : `u${unitId}-new-question`;
  const blank = { question: "", options: ["", "", "", ""], correct: 0, explanation: "" };
  const [v, setV] = useState(
    question
      ? {
          question: question.question,
          options: [...question.options],
          correct: question.correct,
          explanation: question.explanation,
        }
      : blank,
  );
  const saved = useStudySave();
  const save = useMutation({
    mutationFn: () =>
      question
        ? unwrap(api.study.updateQuestion({ params: { id: question.id }, body: v }))
        : unwrap(api.study.addQuestion({ params: { id: unitId }, body: v })),
    ...saved(question ? "Question saved" : "Question added"),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.study.archiveQuestion({ params: { id: question!.id } })),
    ...saved("Question removed"),
  });
  return (
    <form
      className="study-item"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
        if (!question) setV(blank);
      }}
    >
      <TextAreaField
        id={`${key}-q`}
        label={question ? `Question ${n}` : "New question"}
        rows={2}
        value={v.question}
        onChange={(e) => setV({ ...v, question: e.target.value })}
      />
      {v.options.map((o, i) => (
        <TextField
          key={i}
          id={`${key}-o${i}`}
          label={`Option ${LETTERS[i]}`}
          value={o}
          onChange={(e) => setV({ ...v, options: v.options.map((x, j) => (j === i ? e.target.value : x)) })}
        />
      ))}
      <SelectField
        id={`${key}-right`}
        label="Right answer"
        value={String(v.correct)}
        onChange={(e) => setV({ ...v, correct: Number(e.target.value) })}
      >
        {LETTERS.map((l, i) => (
          <option key={l} value={i}>
            Option {l}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${key}-why`}
        label="Explanation"
        rows={2}
        value={v.explanation}
        onChange={(e) => setV({ ...v, explanation: e.target.value })}
      />
      <div className="study-actions">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {question ? "Save question" : "Add question"}
        </Button>
        {question ? (
          <Button type="button" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove question
          </Button>
        ) : null}
      </div>
    </form>
  );
}
