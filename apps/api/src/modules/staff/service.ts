/** Staff accounts: the list, invitations by e-mail, role changes, disabling, and accepting an invitation. */
import { randomBytes } from "node:crypto";
import type { StaffMember, StaffRole } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { hashPassword, passwordProblem } from "../../lib/password";
import { logActivity, type Actor } from "../activity";
import { normaliseEmail, sha256 } from "../auth";
import { enqueueMail } from "../mail";
import { INVITE_HOURS, inviteMail, ROLE_NAMES } from "./mail";
import * as repo from "./repository";

export const INVITE_GONE = "This invitation link has expired or has already been used. Please ask the owner for a new one.";

/** Ends every session of an account (the auth plugin's `endUserSessions`, bound by the router). */
export type EndSessions = (userId: number) => Promise<unknown>;

export async function members(db: Db, id?: number): Promise<StaffMember[]> {
  const rows = await repo.memberRows(db, id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    status: r.disabled_at ? "disabled" : r.invited ? "invited" : "active",
    second_factor: r.second_factor,
    last_active_at: r.last_active_at ? new Date(r.last_active_at).toISOString() : null,
  }));
}

export async function findInvite(db: Db, token: string, now: Date) {
  const row = await repo.findOpenInvite(db, sha256(token), now);
  return row && !row.disabledAt ? row : null;
}

/** Invites someone (new, or an account that never signed in as staff); null when they already are staff. */
export async function inviteStaff(
  db: Db,
  input: { email: string; name: string; role: StaffRole },
  actor: Actor,
  mail: { adminUrl: string; providerName: string },
  now: Date,
): Promise<StaffMember | null> {
  const email = normaliseEmail(input.email);
  const existing = await repo.userByEmail(db, email);
  if (existing && existing.isAdmin && existing.lastLoginAt) return null;
  const token = randomBytes(32).toString("base64url");
  const id = await db.transaction(async (tx) => {
    let userId: number;
    if (existing) {
      await repo.reinviteUser(tx, existing.id, input.name, input.role, now);
      userId = existing.id;
    } else {
      // Nobody can sign in with this password: it is random and never shown.
      userId = await repo.insertStaffUser(tx, {
        email,
        name: input.name,
        passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        role: input.role,
      });
    }
    await repo.insertInvite(tx, userId, sha256(token), new Date(now.getTime() + INVITE_HOURS * 3600_000));
    const link = `${mail.adminUrl}/invite/${token}`;
    await enqueueMail(
      tx,
      {
        to: email,
        toName: input.name,
        kind: "staff_invite",
        ...inviteMail(mail.providerName, input.name, input.role, link, actor.name),
      },
      now,
    );
    await logActivity(tx, {
      type: "security",
      action: "Staff invited",
      details: `${input.name} as ${ROLE_NAMES[input.role]}`,
      actor: { id: actor.id, name: actor.name },
      at: now,
    });
    return userId;
  });
  const [member] = await members(db, id);
  return member!;
}

/** Changes a member's role or disables/enables them; the last active owner cannot stop being one. */
export async function updateStaff(
  db: Db,
  id: number,
  change: { role?: StaffRole; disabled?: boolean },
  actor: Actor,
  endSessions: EndSessions,
  now: Date,
): Promise<StaffMember> {
  const target = await repo.staffUserById(db, id);
  if (!target || !target.role) throw new HttpError(404, "Staff member not found");
  const losesOwner = target.role === "owner" && ((change.role && change.role !== "owner") || change.disabled === true);
  if (losesOwner && (await repo.otherActiveOwners(db, target.id)) === 0) {
    throw new HttpError(409, "There must always be an active owner");
  }
  if (change.role && change.role !== target.role) {
    await repo.setRole(db, target.id, change.role, now);
    await logActivity(db, {
      type: "security",
      action: "Role changed",
      details: `${target.name}: ${ROLE_NAMES[target.role]} → ${ROLE_NAMES[change.role]}`,
      actor: { id: actor.id, name: actor.name },
      at: now,
    });
  }
  if (change.disabled !== undefined && change.disabled !== Boolean(target.disabledAt)) {
    await repo.setDisabled(db, target.id, change.disabled ? now : null, now);
    await logActivity(db, {
      type: "security",
      action: change.disabled ? "Staff disabled" : "Staff enabled",
      details: target.name,
      actor: { id: actor.id, name: actor.name },
      at: now,
    });
    // Disabled: every session of theirs ends now, on every instance (the guard reads the row).
    if (change.disabled) await endSessions(target.id);
  }
  const [member] = await members(db, target.id);
  return member!;
}

/** Sets the password of an invited account from its link; false when the link is no longer valid. */
export async function acceptInvite(db: Db, token: string, password: string, endSessions: EndSessions, now: Date) {
  const invite = await findInvite(db, token, now);
  if (!invite) return false;
  const problem = passwordProblem(password, invite.email, invite.name);
  if (problem) throw new HttpError(400, "Please check the form", { issues: [{ path: "password", message: problem }] });
  if (!(await repo.useInvite(db, invite.id, now))) return false;
  await repo.setPasswordHash(db, invite.userId, await hashPassword(password), now);
  // A password set from a link ends any session the account had.
  await endSessions(invite.userId);
  await logActivity(db, {
    type: "security",
    action: "Invitation accepted",
    details: invite.name,
    actor: { id: invite.userId, name: invite.name },
    at: now,
  });
  return true;
}
