/** The office's staff: invitations, roles and who may sign in. */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, MessageSchema, ownerOnly, requiredText, STAFF_ROLES } from "./common";

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(["active", "invited", "disabled"]),
  second_factor: z.boolean(),
  last_active_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const InviteSchema = z.object({
  name: requiredText("Name is required").pipe(z.string().max(100, "Name is too long")),
  email: requiredText("Email is required").pipe(z.string().max(254).email("Please enter a valid email address")),
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: "Please choose a role" }) }),
});
export type InviteInput = z.infer<typeof InviteSchema>;

export const StaffUpdateSchema = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  disabled: z.boolean().optional(),
});

export const InviteTokenParams = z.object({ token: z.string().min(10).max(200) });

export const staffContract = c.router({
  list: {
    method: "GET",
    path: "/staff",
    responses: { 200: z.array(StaffMemberSchema), ...adminResponses },
    metadata: ownerOnly,
    summary: "Staff and their roles",
  },
  invite: {
    method: "POST",
    path: "/staff/invites",
    body: InviteSchema,
    responses: { 201: StaffMemberSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Invites a member of staff by e-mail (a single-use link valid 72 hours)",
  },
  update: {
    method: "PUT",
    path: "/staff/:id",
    pathParams: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
    body: StaffUpdateSchema,
    responses: { 200: StaffMemberSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Changes a member's role, or disables / enables them (disabling ends their sessions at once)",
  },
  inviteInfo: {
    method: "GET",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    responses: { 200: z.object({ name: z.string(), email: z.string() }), 404: ErrorSchema },
    summary: "Who an invitation is for (the set-password page)",
  },
  acceptInvite: {
    method: "POST",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    body: z.object({
      password: z.string({ required_error: "Please enter a new password" }).min(1, "Please enter a new password").max(1000),
    }),
    responses: { 200: MessageSchema, 404: ErrorSchema },
    summary: "Sets the password from an invitation link (single use)",
  },
});
