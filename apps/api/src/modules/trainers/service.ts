/**
 * Trainer assignments (issue 27, decision 332). A trainer sees only the course dates the office
 * gave them: `scopeOf` answers the dates a viewer may see (null: every date, for the office).
 */
import type { DateTrainers, StaffRole } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import * as repo from "./repository";

/** Who is asking: the session's user and role. */
export type Viewer = { id: number; name: string; role: StaffRole | null };

export const isTrainer = (viewer: Viewer) => viewer.role === "trainer";

/** The course dates a viewer may see: null for the office and the owner (all), else the trainer's own. */
export async function scopeOf(db: DbOrTx, viewer: Viewer): Promise<Set<number> | null> {
  return isTrainer(viewer) ? new Set(await repo.dateIdsOfTrainer(db, viewer.id)) : null;
}

async function view(db: DbOrTx, dateId: number): Promise<DateTrainers> {
  return {
    course_date_id: dateId,
    assigned: await repo.trainersOfDate(db, dateId),
    available: await repo.trainerAccounts(db),
  };
}

export async function dateTrainers(db: Db, dateId: number): Promise<DateTrainers> {
  if (!(await repo.dateExists(db, dateId))) throw new HttpError(404, "Course date not found");
  return view(db, dateId);
}

export async function setDateTrainers(db: Db, dateId: number, userIds: number[], actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await repo.dateExists(tx, dateId))) throw new HttpError(404, "Course date not found");
    const ids = [...new Set(userIds)];
    const found = await repo.trainerAccounts(tx, ids);
    if (found.length !== ids.length)
      throw new HttpError(400, "Only enabled trainer accounts can be assigned to a course date", {
        issues: [{ path: "user_ids", message: "Only enabled trainer accounts can be assigned to a course date" }],
      });
    await repo.replaceTrainers(tx, dateId, ids, actor.name, now);
    await logActivity(tx, {
      type: "other",
      action: "Trainers assigned",
      details: `Course date ${dateId}: ${found.map((t) => t.name).join(", ") || "no trainer"}`,
      actor,
      at: now,
    });
    return view(tx, dateId);
  });
}
