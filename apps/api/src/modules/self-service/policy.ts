/** The office's booking policy (decision 441): the version in force, and a new version from the portal. */
import { BOOKING_TERMS_VERSION, type PolicyVersion } from "@app/contract";
import type { BookingPolicy } from "@app/rules";
import type { Db } from "../../db/client";
import { logActivity, type Actor } from "../activity";
import * as repo from "./repository";

const view = (r: repo.PolicyRow): PolicyVersion => ({
  version: r.version,
  policy: r.policy,
  terms_version: r.termsVersion,
  since: r.createdAt.toISOString(),
});

export const currentPolicy = async (db: Db) => view(await repo.policyInForce(db));

export async function setPolicy(db: Db, policy: BookingPolicy, actor: Actor & { id: number }, now: Date) {
  return db.transaction(async (tx) => {
    const row = await repo.addPolicy(tx, policy, BOOKING_TERMS_VERSION, actor.id, now);
    await logActivity(tx, {
      type: "other",
      action: "Booking policy changed",
      details: `${actor.name} put booking policy version ${row.version} in force (new bookings only)`,
      actor,
      at: now,
    });
    return view(row);
  });
}
