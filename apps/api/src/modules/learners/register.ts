/**
 * The register's actions (ID check, attendance, results, certificate, evidence seen, all present):
 * each runs in one transaction with its activity-log entry.
 */
import {
  ID_DOCUMENT_LABELS,
  ATTENDANCE_FUTURE_MESSAGE,
  OVERRIDE_OFFICE_ONLY_MESSAGE,
  RESULTS_EARLY_MESSAGE,
  type LearnerBoard,
  type RegisterLearner,
} from "@app/contract";
import type { z } from "zod";
import type { AttendanceInputSchema, IdCheckSchema, ResultsInputSchema } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import { logActivity } from "../activity";
import type { MailSettings } from "../mail";
import * as repo from "./repository";
import { courseDays } from "./rules";
import { HELD_CERTIFICATE_MESSAGE, queueResultMailTx, resultsHeldFor } from "./held-results";
import { isTrainer, type Viewer } from "../trainers";
import { attendanceTooEarly, resultsTooEarly } from "./timing";
import { Row, learnerEmail, lockForRegister, who } from "./shared";
import { getBoard, registerOf, unitsOr } from "./register-view";

export async function checkId(
  db: Db,
  id: number,
  input: z.infer<typeof IdCheckSchema>,
  actor: Viewer,
  now: Date,
): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (input.checked && !input.document_type)
      throw new HttpError(400, "Please choose the document type seen", {
        issues: [{ path: "document_type", message: "Please choose the document type seen" }],
      });
    const same = input.checked
      ? row.rec.idCheckedAt !== null && row.rec.idCheckedDocument === input.document_type
      : row.rec.idCheckedAt === null;
    if (!same) {
      await repo.updateLearner(
        tx,
        id,
        input.checked
          ? { idCheckedAt: now, idCheckedBy: actor.name, idCheckedDocument: input.document_type! }
          : { idCheckedAt: null, idCheckedBy: null, idCheckedDocument: null },
        now,
      );
      await logActivity(tx, {
        type: "other",
        action: input.checked ? "Learner ID checked" : "Learner ID check removed",
        details: `${who(row)}${input.checked ? `: ${ID_DOCUMENT_LABELS[input.document_type!]}` : ""}`,
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/**
 * Lets a register change made before its day through only with the office's reason, logged in
 * the same transaction (decision 330); a trainer cannot override.
 */
async function allowEarly(
  tx: DbOrTx,
  tooEarly: boolean,
  message: string,
  reason: string | undefined,
  actor: Viewer,
  what: string,
  now: Date,
): Promise<void> {
  if (!tooEarly) return;
  if (!reason) throw new HttpError(409, message);
  if (isTrainer(actor)) throw new HttpError(403, OVERRIDE_OFFICE_ONLY_MESSAGE);
  await logActivity(tx, {
    type: "other",
    action: "Register date override",
    details: `${what}. Reason: ${reason}`,
    actor,
    at: now,
  });
}

function checkCourseDay(row: Row, day: string): void {
  if (!courseDays(row.startDate, row.endDate).includes(day)) {
    throw new HttpError(400, "That day is not a day of this course", {
      issues: [{ path: "day", message: "That day is not a day of this course" }],
    });
  }
}

export async function recordAttendance(
  db: Db,
  id: number,
  input: z.infer<typeof AttendanceInputSchema>,
  actor: Viewer,
  now: Date,
): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    checkCourseDay(row, input.day);
    await allowEarly(
      tx,
      input.status !== null && attendanceTooEarly(input.day, ukDate(now)),
      ATTENDANCE_FUTURE_MESSAGE,
      input.override_reason,
      actor,
      `Attendance of ${who(row)} for ${input.day} recorded before the day`,
      now,
    );
    const arrived = input.status === "late" ? (input.arrived_at ?? null) : null;
    await repo.setAttendance(tx, id, input.day, input.status, arrived, actor.name, now);
    await logActivity(tx, {
      type: "other",
      action: "Attendance recorded",
      details: `${who(row)}: ${input.day} ${input.status ?? "cleared"}${arrived ? ` at ${arrived}` : ""}`,
      actor,
      at: now,
    });
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

export async function recordResults(
  db: Db,
  id: number,
  input: z.infer<typeof ResultsInputSchema>,
  actor: Viewer,
  now: Date,
  mail: MailSettings,
): Promise<{ learner: RegisterLearner; mailed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    const before = await registerOf(tx, row, now, actor);
    // SIA: no assessment without valid first-aid evidence for door supervisors and security guards.
    if (before.readiness.results_blocked)
      throw new HttpError(
        409,
        `Results cannot be recorded: ${before.readiness.results_blocked.charAt(0).toLowerCase()}${before.readiness.results_blocked.slice(1)}`,
      );
    await allowEarly(
      tx,
      input.results.some((r) => r.result !== null) && resultsTooEarly(row.endDate, ukDate(now)),
      RESULTS_EARLY_MESSAGE,
      input.override_reason,
      actor,
      `Results of ${who(row)} recorded before the assessment day (${row.endDate})`,
      now,
    );
    const units = unitsOr(await repo.unitsOfCourse(tx, row.courseId));
    const unknown = input.results.find((r) => !units.includes(r.unit));
    if (unknown)
      throw new HttpError(400, `"${unknown.unit}" is not a unit of this course`, {
        issues: [{ path: "results", message: `"${unknown.unit}" is not a unit of this course` }],
      });
    await repo.setResults(tx, id, input.results, actor.name, now);
    const after = await registerOf(tx, row, now, actor);
    await logActivity(tx, {
      type: "course_completion",
      action: "Results recorded",
      details: `${who(row)}: ${input.results.map((r) => `${r.unit} ${r.result ?? "cleared"}`).join(", ")}`,
      actor,
      at: now,
    });
    // The learner hears once every unit has a result, and again only when the results change
    // (held while the order's terms hold results until it is paid in full).
    const mailed = await queueResultMailTx(tx, row, after, mail, now, learnerEmail(row));
    return { learner: after, mailed };
  });
}

export async function setCertificate(db: Db, id: number, issued: boolean, actor: Viewer, now: Date): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (issued !== (row.rec.certificateIssuedAt !== null)) {
      if (issued) {
        const reg = await registerOf(tx, row, now, actor);
        if (reg.readiness.result !== "pass")
          throw new HttpError(409, "A certificate can be issued only after every unit is passed");
        if (resultsHeldFor(row)) throw new HttpError(409, HELD_CERTIFICATE_MESSAGE);
      }
      await repo.updateLearner(
        tx,
        id,
        issued
          ? { certificateIssuedAt: now, certificateIssuedBy: actor.name }
          : { certificateIssuedAt: null, certificateIssuedBy: null },
        now,
      );
      await logActivity(tx, {
        type: "course_completion",
        action: issued ? "Certificate issued" : "Certificate issue undone",
        details: who(row),
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/** The trainer's (or office's) "seen" mark on the uploaded evidence, logged (decision 331). */
export async function markEvidenceSeen(db: Db, id: number, seen: boolean, actor: Viewer, now: Date): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (row.evidenceName === null) throw new HttpError(409, "No first aid certificate has been uploaded");
    if (seen !== (row.rec.evidenceSeenAt !== null)) {
      await repo.updateLearner(
        tx,
        id,
        seen ? { evidenceSeenAt: now, evidenceSeenBy: actor.name } : { evidenceSeenAt: null, evidenceSeenBy: null },
        now,
      );
      await logActivity(tx, {
        type: "other",
        action: seen ? "Learner evidence marked seen" : "Learner evidence seen mark removed",
        details: `First aid certificate of ${who(row)}`,
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/** "Mark everyone present" for one day: learners without a mark that day become present, in one transaction. */
export async function markAllPresent(
  db: Db,
  courseDateId: number,
  input: { day: string; override_reason?: string | undefined },
  actor: Viewer,
  now: Date,
): Promise<LearnerBoard> {
  return db.transaction(async (tx) => {
    const board = await getBoard(tx, courseDateId, "all", now, actor);
    if (!board.days.includes(input.day))
      throw new HttpError(400, "That day is not a day of this course", {
        issues: [{ path: "day", message: "That day is not a day of this course" }],
      });
    await allowEarly(
      tx,
      attendanceTooEarly(input.day, ukDate(now)),
      ATTENDANCE_FUTURE_MESSAGE,
      input.override_reason,
      actor,
      `Everyone on ${board.course_title} (${board.start_date}) marked present for ${input.day} before the day`,
      now,
    );
    const unmarked = board.learners.filter((l) => !l.purged && !l.attendance.some((a) => a.day === input.day));
    for (const l of unmarked) {
      await repo.lockLearner(tx, l.id);
      await repo.setAttendance(tx, l.id, input.day, "present", null, actor.name, now);
    }
    if (unmarked.length)
      await logActivity(tx, {
        type: "other",
        action: "Attendance recorded",
        details: `${board.course_title} (${board.start_date}): ${unmarked.map((l) => l.name).join(", ")} present on ${input.day}`,
        actor,
        at: now,
      });
    return getBoard(tx, courseDateId, "all", now, actor);
  });
}
