import { randomBytes } from "node:crypto";
import { initServer } from "@ts-rest/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { contract, type StaffMember, type StaffRole } from "@app/contract";
import { staffInvites, users } from "../../db/schema";
import { escapeHtml } from "../../lib/html";
import { HttpError } from "../../lib/http-error";
import { hashPassword, passwordProblem } from "../../lib/password";
import { logActivity } from "../activity";
import { enqueueMail } from "../mail";
import { normaliseEmail, sha256 } from "../auth";

const s = initServer();

/** An invitation link is valid this long, once. */
export const INVITE_HOURS = 72;

const ROLE_NAMES: Record<StaffRole, string> = { owner: "Owner", office: "Office", trainer: "Trainer" };

type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  disabled_at: Date | null;
  invited: boolean;
  second_factor: boolean;
  last_active_at: Date | null;
};

async function members(app: FastifyInstance, id?: number): Promise<StaffMember[]> {
  const { rows } = await app.db.execute<MemberRow>(
    sql`select u.id, u.name, u.email, u.role, u.disabled_at,
               (u.last_login_at is null and exists(select 1 from staff_invites i where i.user_id = u.id and i.used_at is null)) as invited,
               (u.totp_secret is not null or exists(select 1 from passkeys p where p.user_id = u.id)) as second_factor,
               (select max(last_seen_at) from sessions s where s.user_id = u.id) as last_active_at
        from users u where u.is_admin and u.role is not null ${id ? sql`and u.id = ${id}` : sql``}
        order by u.disabled_at nulls first, u.name`,
  );
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

/** The invitation to a new member of staff (exported for the mail-standards test, which scores every template). */
export function inviteMail(provider: string, name: string, role: StaffRole, link: string, inviter: string) {
  const subject = `You're invited to the ${provider} admin portal`;
  const text = [
    `Hello ${name},`,
    "",
    `${inviter} has invited you to the ${provider} admin portal as ${ROLE_NAMES[role]}.`,
    `Choose your password here (the link works once, for ${INVITE_HOURS} hours):`,
    link,
    "",
    "If you were not expecting this, you can ignore this e-mail.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(inviter)} has invited you to the ${escapeHtml(provider)} admin portal as ${ROLE_NAMES[role]}.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works once, for ${INVITE_HOURS} hours).</p>
<p>If you were not expecting this, you can ignore this e-mail.</p>`;
  return { subject, text, html };
}

async function findInvite(app: FastifyInstance, token: string) {
  const [row] = await app.db
    .select({
      id: staffInvites.id,
      userId: staffInvites.userId,
      name: users.name,
      email: users.email,
      disabledAt: users.disabledAt,
    })
    .from(staffInvites)
    .innerJoin(users, eq(users.id, staffInvites.userId))
    .where(and(eq(staffInvites.tokenHash, sha256(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, app.now())));
  return row && !row.disabledAt ? row : null;
}

const INVITE_GONE = "This invitation link has expired or has already been used. Please ask the owner for a new one.";

function actorOf(request: FastifyRequest) {
  const user = request.session?.user;
  if (!user) throw new HttpError(401, "Session expired. Please log in again.");
  return user;
}

export const staffRouter = s.router(contract.staff, {
  list: async ({ request }) => ({ status: 200, body: await members(request.server) }),

  invite: async ({ body, request }) => {
    const app = request.server;
    const actor = actorOf(request);
    const email = normaliseEmail(body.email);
    const [existing] = await app.db.select().from(users).where(eq(users.email, email));
    if (existing && existing.isAdmin && existing.lastLoginAt) {
      return { status: 409, body: { message: "This person is already a member of staff" } };
    }
    const token = randomBytes(32).toString("base64url");
    const now = app.now();
    const id = await app.db.transaction(async (tx) => {
      let userId: number;
      if (existing) {
        await tx
          .update(users)
          .set({ name: body.name, isAdmin: true, role: body.role, disabledAt: null, updatedAt: now })
          .where(eq(users.id, existing.id));
        userId = existing.id;
        // An earlier invitation stops working when a new one is sent.
        await tx
          .update(staffInvites)
          .set({ usedAt: now })
          .where(and(eq(staffInvites.userId, userId), isNull(staffInvites.usedAt)));
      } else {
        // Nobody can sign in with this password: it is random and never shown.
        const [row] = await tx
          .insert(users)
          .values({
            email,
            name: body.name,
            passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
            isAdmin: true,
            role: body.role,
          })
          .returning({ id: users.id });
        userId = row!.id;
      }
      await tx
        .insert(staffInvites)
        .values({ userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITE_HOURS * 3600_000) });
      const link = `${app.mail.settings.adminUrl}/invite/${token}`;
      await enqueueMail(
        tx,
        {
          to: email,
          toName: body.name,
          kind: "staff_invite",
          ...inviteMail(app.mail.settings.providerName, body.name, body.role, link, actor.name),
        },
        now,
      );
      await logActivity(tx, {
        type: "security",
        action: "Staff invited",
        details: `${body.name} as ${ROLE_NAMES[body.role]}`,
        actor: { id: actor.id, name: actor.name },
        at: now,
      });
      return userId;
    });
    const [member] = await members(app, id);
    return { status: 201, body: member! };
  },

  update: async ({ params, body, request }) => {
    const app = request.server;
    const actor = actorOf(request);
    const [target] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.id, params.id), eq(users.isAdmin, true)));
    if (!target || !target.role) return { status: 404, body: { message: "Staff member not found" } };
    const losesOwner = target.role === "owner" && ((body.role && body.role !== "owner") || body.disabled === true);
    if (losesOwner) {
      const [{ n } = { n: 0 }] = (
        await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from users where is_admin and role = 'owner' and disabled_at is null and id <> ${target.id}`,
        )
      ).rows;
      if (n === 0) return { status: 409, body: { message: "There must always be an active owner" } };
    }
    const now = app.now();
    if (body.role && body.role !== target.role) {
      await app.db.update(users).set({ role: body.role, updatedAt: now }).where(eq(users.id, target.id));
      await logActivity(app.db, {
        type: "security",
        action: "Role changed",
        details: `${target.name}: ${ROLE_NAMES[target.role]} → ${ROLE_NAMES[body.role]}`,
        actor: { id: actor.id, name: actor.name },
        at: now,
      });
    }
    if (body.disabled !== undefined && body.disabled !== Boolean(target.disabledAt)) {
      await app.db
        .update(users)
        .set({ disabledAt: body.disabled ? now : null, updatedAt: now })
        .where(eq(users.id, target.id));
      await logActivity(app.db, {
        type: "security",
        action: body.disabled ? "Staff disabled" : "Staff enabled",
        details: target.name,
        actor: { id: actor.id, name: actor.name },
        at: now,
      });
      // Disabled: every session of theirs ends now, on every instance (the guard reads the row).
      if (body.disabled) await app.endUserSessions(target.id, "account disabled", { actorName: actor.name });
    }
    const [member] = await members(app, target.id);
    return { status: 200, body: member! };
  },

  inviteInfo: async ({ params, request }) => {
    const invite = await findInvite(request.server, params.token);
    if (!invite) return { status: 404, body: { message: INVITE_GONE } };
    return { status: 200, body: { name: invite.name, email: invite.email } };
  },

  acceptInvite: async ({ params, body, request }) => {
    const app = request.server;
    const invite = await findInvite(app, params.token);
    if (!invite) return { status: 404, body: { message: INVITE_GONE } };
    const problem = passwordProblem(body.password, invite.email, invite.name);
    if (problem) throw new HttpError(400, "Please check the form", { issues: [{ path: "password", message: problem }] });
    const now = app.now();
    const used = await app.db
      .update(staffInvites)
      .set({ usedAt: now })
      .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt)))
      .returning({ id: staffInvites.id });
    if (!used.length) return { status: 404, body: { message: INVITE_GONE } };
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: now })
      .where(eq(users.id, invite.userId));
    // A password set from a link ends any session the account had.
    await app.endUserSessions(invite.userId, "password set from an e-mailed link");
    await logActivity(app.db, {
      type: "security",
      action: "Invitation accepted",
      details: invite.name,
      actor: { id: invite.userId, name: invite.name },
      at: now,
    });
    return { status: 200, body: { message: "Your password is set. You can now sign in." } };
  },
});
