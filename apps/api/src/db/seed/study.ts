/**
 * Seeds the door supervisor course's study units (issue 31): the paper settings, the original
 * practice questions and a first revision section per unit, so a new installation's portal has
 * mock exams from day one. The office edits all of it in the portal afterwards.
 */
import type { Db } from "../client";
import { mockQuestions, revisionSections, studyUnits } from "../schema";
import { renderMarkdown } from "../../modules/portal";
import { DOOR_SUPERVISOR_PRACTICE } from "./practice-questions";

const REVISION: Record<number, string> = {
  0: `## Licensing and the law\n\nThe **Private Security Industry Act 2001** set up the SIA. A front-line licence lasts **3 years**.\n\n- Tell the SIA when your details change.\n- Wear your licence where it can be seen while working.\n\nRead more on [GOV.UK](https://www.gov.uk/government/organisations/security-industry-authority).`,
  1: `## Admission and searching\n\nEvery venue has an **admission policy**. Searches on entry need the customer's consent and, where possible, a searcher of the same sex.\n\n1. Ask permission.\n2. Explain what you are doing.\n3. Record what you find.`,
  2: `## Calming conflict\n\nMost conflict can be prevented. Keep **more than arm's length** away, speak calmly and give the person **options** so they can back down without losing face.`,
};

/** The units, questions and a revision section for one course; returns the unit ids in order. */
export async function seedPractice(db: Db, courseId: number, now: Date, by = "System"): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, u] of DOOR_SUPERVISOR_PRACTICE.entries()) {
    const [unit] = await db
      .insert(studyUnits)
      .values({
        courseId,
        title: u.title,
        position: i,
        questionCount: u.questions,
        minutes: u.minutes,
        passPercent: u.passPercent,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: studyUnits.id });
    ids.push(unit!.id);
    await db.insert(mockQuestions).values(
      u.bank.map(([question, options, correct, explanation]) => ({
        unitId: unit!.id,
        question,
        options,
        correct,
        explanation,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // The first line is the section's title; the rest is its text.
    const [heading, ...rest] = REVISION[i]!.split("\n");
    const title = heading!.replace(/^#+\s*/, "");
    const body = rest.join("\n").trim();
    await db
      .insert(revisionSections)
      .values({ unitId: unit!.id, title, body, html: renderMarkdown(body), updatedBy: by, updatedAt: now });
  }
  return ids;
}
