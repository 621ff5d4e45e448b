import type { StaffRole } from "@app/contract";
import { officeOnly, ownerOnly, trainerToo } from "@app/contract";
import { paths } from "./paths";

/**
 * Which roles may open each screen: the same role sets the API's contract entries declare, so a
 * screen never offers what its calls would refuse.
 */
export const SCREEN_ROLES = {
  office: officeOnly.roles,
  owner: ownerOnly.roles,
  trainer: trainerToo.roles,
} as const;

export const can = (role: StaffRole | null | undefined, roles: readonly StaffRole[]) => Boolean(role && roles.includes(role));

/** Where a role starts: trainers have no dashboard, only registers. */
export const homeFor = (role: StaffRole | null | undefined) => (role === "trainer" ? paths.enrolments : paths.dashboard);

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", office: "Office", trainer: "Trainer" };
