/**
 * /course-finder (course finder and prerequisites): "Which course do I need?". One question at a time, each a GET form
 * (server-rendered, first question included, and working before the script loads); once the
 * answers suffice, the SIA rules of @app/rules recommend the courses in order, with their next
 * dates and places left, and "Book these" fills the cart.
 */
import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import type { CourseDetail } from "@app/contract";
import { FINDER_COURSES, recommend } from "@app/rules/course-finder";
import type { FinderAnswers, Recommendation } from "@app/rules/course-finder";
import { paths } from "../../config/paths";
import { placeName } from "../../config/provider";
import { PageHero } from "../../components/PageHero";
import { api } from "../../lib/api";
import { ukToday } from "../../lib/uk-today";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { nextQuestion, QUESTIONS, readAnswers, toAnswers } from "./answers";
import type { Given, Question } from "./answers";
import { QuestionForm } from "./Questions";
import { FinderResult } from "./Result";
import "./finder.css";

interface Data {
  given: Given;
  question: Question | null;
  result: { answers: FinderAnswers; recommendation: Recommendation; courses: Record<string, CourseDetail | null> } | null;
}

async function detail(slug: string, signal: AbortSignal): Promise<CourseDetail | null> {
  try {
    return await api.courseBySlug(slug, signal);
  } catch {
    return null; // the step still shows, without dates (and without "Book these")
  }
}

export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  const given = readAnswers(new URL(request.url).searchParams);
  const question = nextQuestion(given);
  if (question) return { given, question, result: null };
  const answers = toAnswers(given);
  const today = ukToday();
  // First the courses the answers lead to (and first aid, which depends on their start dates).
  const first = recommend(answers, today);
  const slugs = [...new Set([...first.steps.map((s) => s.slug), ...(first.steps.length ? [FINDER_COURSES.firstAid] : [])])];
  const found = await Promise.all(slugs.map((s) => detail(s, request.signal)));
  const courses = Object.fromEntries(slugs.map((s, i) => [s, found[i] ?? null]));
  const starts: Record<string, string> = {};
  for (const [slug, c] of Object.entries(courses)) {
    const next = c?.courseDates.find((d) => d.placesLeft > 0);
    if (next) starts[slug] = next.startDate;
  }
  return { given, question, result: { answers, recommendation: recommend(answers, today, starts), courses } };
}

export const FINDER_TITLE = "Which course do I need?";

export const handle: RouteHandle<Data> = {
  meta: ({ config }) => ({
    title: pageTitle("Which SIA Course Do I Need?", config.provider, "Course Finder"),
    description: `Answer a few questions about your SIA licence, the job you want and your first aid, and we will tell you which courses to book in ${placeName(config.provider)}.`,
    keywords: keywords("which SIA course do I need", "SIA refresher training", "SIA licence renewal", "door supervisor top-up"),
    path: paths.courseFinder,
    breadcrumbs: [{ name: "Course Finder", path: paths.courseFinder }],
  }),
};

export default function FinderPage() {
  const data = useLoaderData() as Data;
  const number = data.question ? QUESTIONS.filter((q) => data.given[q] !== undefined).length + 1 : 0;
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Course Finder" }]}
        title={FINDER_TITLE}
        subtitle="A few plain questions, one at a time, and we will tell you which SIA courses to book and in what order."
      />
      <div className="section ui-container finder-layout">
        {data.question ? <QuestionForm key={data.question} question={data.question} given={data.given} number={number} /> : null}
        {data.result ? (
          <FinderResult
            key={JSON.stringify(data.result.answers)}
            answers={data.result.answers}
            result={data.result.recommendation}
            courses={data.result.courses}
          />
        ) : null}
      </div>
    </>
  );
}
