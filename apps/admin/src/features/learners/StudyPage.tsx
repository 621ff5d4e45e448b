/**
 * Revision and mock exams (learner portal), the office's editor: study units per course with their
 * paper settings (questions, minutes, pass mark), revision sections written in Markdown (the API
 * sanitises them, decision 351) and the question bank (question, 4 options, the right one, a short
 * explanation).
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Button, ErrorState, SelectField, Spinner, TextField } from "@app/ui";
import type { StudyUnit } from "@app/contract";
import { paths } from "../../config/paths";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import { QuestionForm, SectionForm, STUDY_KEY, useStudySave } from "./StudyForms";
import "./learners.css";

export default function StudyPage() {
  usePageTitle("Revision and mock exams");
  const units = useQuery({ queryKey: STUDY_KEY, queryFn: () => unwrap(api.study.units({ query: {} })) });
  const courses = useQuery({ queryKey: ["admin-courses"], queryFn: () => unwrap(api.courses.adminList()) });
  const [course, setCourse] = useState("");
  const [title, setTitle] = useState("");
  const saved = useStudySave();
  const create = useMutation({
    mutationFn: () => unwrap(api.study.createUnit({ body: { course_id: Number(course), title } })),
    ...saved("Unit added"),
  });
  return (
    <div className="learners">
      <Link to={paths.learners} className="learners__back">
        <ArrowLeft size={16} aria-hidden="true" /> Learners
      </Link>
      <header className="learners__head">
        <h1>Revision and mock exams</h1>
        <p>What learners read and practise in their portal, per course unit.</p>
      </header>
      {units.isPending ? (
        <Spinner size="lg" label="Loading..." />
      ) : units.isError ? (
        <ErrorState
          title="The units could not be loaded"
          message={errorMessage(units.error)}
          onRetry={() => void units.refetch()}
        />
      ) : (
        <div className="study-list">
          {units.data.map((u) => (
            <UnitEditor key={u.id} unit={u} />
          ))}
        </div>
      )}
      <form
        className="progress-form study-add"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <h2>Add a unit</h2>
        <SelectField id="unit-course" label="Course" value={course} onChange={(e) => setCourse(e.target.value)}>
          <option value="">Choose a course</option>
          {(courses.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <TextField id="unit-title" label="Unit title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" disabled={!course || !title || create.isPending}>
          Add unit
        </Button>
      </form>
    </div>
  );
}

function UnitEditor({ unit }: { unit: StudyUnit }) {
  const [settings, setSettings] = useState({
    question_count: unit.question_count,
    minutes: unit.minutes,
    pass_percent: unit.pass_percent,
  });
  const saved = useStudySave();
  const save = useMutation({
    mutationFn: () => unwrap(api.study.updateUnit({ params: { id: unit.id }, body: settings })),
    ...saved("Paper settings saved"),
  });
  const num = (k: keyof typeof settings, label: string) => (
    <TextField
      id={`u${unit.id}-${k}`}
      label={label}
      type="number"
      inputMode="numeric"
      value={String(settings[k])}
      onChange={(e) => setSettings({ ...settings, [k]: Number(e.target.value) })}
    />
  );
  return (
    <details className="study-unit">
      <summary>
        <h2 className="study-unit__title">{unit.title}</h2>
        <span className="learners__muted">
          {unit.course_title} · {unit.sections.length} sections · {unit.bank_size} questions
        </span>
      </summary>
      <form
        className="progress-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {num("question_count", "Questions per paper")}
        {num("minutes", "Minutes")}
        {num("pass_percent", "Pass mark (%)")}
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save paper settings
        </Button>
      </form>
      <h3>Revision</h3>
      {unit.sections.map((s) => (
        <SectionForm key={s.id} unitId={unit.id} section={s} />
      ))}
      <SectionForm unitId={unit.id} />
      <h3>Question bank</h3>
      {unit.questions.map((q, i) => (
        <QuestionForm key={q.id} unitId={unit.id} question={q} n={i + 1} />
      ))}
      <QuestionForm unitId={unit.id} />
    </details>
  );
}
