/**
 * Discount codes: the coupon rule (window, uses left, courses), and the office's create, edit and
 * delete, each in one transaction with its activity entry. Answers typed outcomes; the router
 * turns them into HTTP. SQL lives in repository.ts.
 */
import type { Discount, DiscountCreateSchema, DiscountUpdateSchema, DiscountValidation } from "@app/contract";
import { discountLines, discountSizeLabel, discountStatus, penceToPounds, poundsToPence } from "@app/rules";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import type { DiscountCodeRow } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import type { Page } from "../../lib/paging";
import { logActivity, type Actor } from "../activity";
import * as repo from "./repository";

export const CODE_EXISTS_MESSAGE = "Discount code already exists";
export const NOT_FOR_CART_MESSAGE = "This discount code does not apply to the courses in your cart";

export function toDiscount(row: DiscountCodeRow, uses: number, courseIds: number[], today: string): Discount {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOffPence === null ? null : penceToPounds(row.amountOffPence),
    course_ids: courseIds,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    max_uses: row.maxUses,
    uses,
    uses_left: Math.max(0, row.maxUses - uses),
    status: discountStatus({ validFrom: row.validFrom, validUntil: row.validUntil, maxUses: row.maxUses, uses }, today),
  };
}

/** The admin's view of these codes: uses, courses and status (two more queries). */
async function discountsOf(db: DbOrTx, rows: DiscountCodeRow[], now: Date): Promise<Discount[]> {
  const ids = rows.map((r) => r.id);
  const [uses, courseIds] = await Promise.all([repo.usesByDiscount(db, ids, now), repo.courseIdsByDiscount(db, ids)]);
  const today = ukDate(now);
  return rows.map((r) => toDiscount(r, uses.get(r.id) ?? 0, courseIds.get(r.id) ?? [], today));
}

export async function listDiscounts(db: Db, now: Date, page: Page): Promise<{ items: Discount[]; total: number }> {
  const { rows, total } = await repo.listLive(db, page);
  return { items: await discountsOf(db, rows, now), total };
}

export async function getDiscount(db: Db, id: number, now: Date): Promise<Discount | null> {
  const row = await repo.findLiveById(db, id);
  return row ? (await discountsOf(db, [row], now))[0]! : null;
}

export type CodeCheck = { result: DiscountValidation; row: DiscountCodeRow | null; courseIds: number[] };

/**
 * The coupon rule: valid from `valid_from` to `valid_until` inclusive (UK dates) and while its
 * uses are below `max_uses`; a code limited to courses is refused for a cart (`cartCourseIds`)
 * holding none of them. Without a cart the courses are only reported.
 */
export async function checkDiscount(db: Db, code: string, now: Date, cartCourseIds?: readonly number[]): Promise<CodeCheck> {
  const invalid = (message: string, row: DiscountCodeRow | null = null, courseIds: number[] = []): CodeCheck => ({
    result: { valid: false, message, discount: null },
    row,
    courseIds,
  });
  if (!code.trim()) return invalid("Please enter a discount code");
  const found = await repo.findLiveByCodeWithUse(db, code, now);
  if (!found) return invalid("Invalid discount code");
  const { row, uses, courseIds } = found;
  const today = ukDate(now);
  if (today < row.validFrom) return invalid("This discount code is not active yet", row);
  if (today > row.validUntil) return invalid("This discount code has expired", row);
  if (uses >= row.maxUses) return invalid("This discount code has reached its usage limit", row);
  const terms = { percentOff: row.percentOff, amountOffPence: row.amountOffPence, courseIds };
  if (
    cartCourseIds &&
    !discountLines(
      cartCourseIds.map((courseId) => ({ courseId, pricePence: 0 })),
      terms,
    ).applies
  ) {
    return invalid(NOT_FOR_CART_MESSAGE, row, courseIds);
  }
  return {
    result: {
      valid: true,
      message: `Discount applied: ${discountSizeLabel(terms)}`,
      discount: {
        percent_off: row.percentOff,
        amount_off: row.amountOffPence === null ? null : penceToPounds(row.amountOffPence),
        course_ids: courseIds,
      },
    },
    row,
    courseIds,
  };
}

type CreateInput = z.output<typeof DiscountCreateSchema>;
type UpdateInput = z.output<typeof DiscountUpdateSchema>;

export type DiscountOutcome =
  | { kind: "saved"; discount: Discount }
  | { kind: "not_found" }
  | { kind: "code_taken" }
  | { kind: "unknown_course" }
  | { kind: "bad_dates" };

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } })?.code === "23505" ||
  (e as { cause?: { code?: string } })?.cause?.code === "23505";

/** Two admins saving the same code at once: the unique index decides. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T | { kind: "code_taken" }> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: "code_taken" };
    throw e;
  }
}

async function coursesExist(db: Db, ids: number[] | undefined): Promise<boolean> {
  if (!ids?.length) return true;
  return (await repo.existingCourseIds(db, ids)).length === ids.length;
}

const sizeOf = (row: Pick<DiscountCodeRow, "percentOff" | "amountOffPence">) =>
  discountSizeLabel({ percentOff: row.percentOff, amountOffPence: row.amountOffPence });
const limitText = (courseIds: number[]) =>
  courseIds.length ? `, ${courseIds.length} course${courseIds.length === 1 ? "" : "s"} only` : "";

export async function createDiscount(db: Db, input: CreateInput, actor: Actor, now: Date): Promise<DiscountOutcome> {
  if (await repo.codeTaken(db, input.code)) return { kind: "code_taken" };
  const courseIds = input.course_ids ?? [];
  if (!(await coursesExist(db, courseIds))) return { kind: "unknown_course" };
  return uniqueCode(async () => {
    const row = await db.transaction(async (tx) => {
      const created = await repo.insertCode(tx, {
        code: input.code,
        percentOff: input.amount_off != null ? null : (input.percent_off ?? null),
        amountOffPence: input.amount_off != null ? poundsToPence(input.amount_off) : null,
        validFrom: input.valid_from,
        validUntil: input.valid_until,
        maxUses: input.max_uses,
      });
      await repo.setCourses(tx, created.id, courseIds);
      await logActivity(tx, {
        type: "other",
        action: "Discount code created",
        details: `${input.code} (${sizeOf(created)}, ${input.max_uses} use${input.max_uses === 1 ? "" : "s"}${limitText(courseIds)})`,
        actor,
        at: now,
      });
      return created;
    });
    return { kind: "saved" as const, discount: toDiscount(row, 0, courseIds, ukDate(now)) };
  });
}

export async function updateDiscount(db: Db, id: number, input: UpdateInput, actor: Actor, now: Date): Promise<DiscountOutcome> {
  const current = await repo.findLiveById(db, id);
  if (!current) return { kind: "not_found" };
  const validFrom = input.valid_from ?? current.validFrom;
  const validUntil = input.valid_until ?? current.validUntil;
  if (validUntil <= validFrom) return { kind: "bad_dates" };
  if (input.code && input.code !== current.code && (await repo.codeTaken(db, input.code, current.id)))
    return { kind: "code_taken" };
  if (!(await coursesExist(db, input.course_ids))) return { kind: "unknown_course" };
  // Setting one kind switches the code to it: the other is cleared (exactly one is set).
  const kind =
    input.amount_off != null
      ? { amountOffPence: poundsToPence(input.amount_off), percentOff: null }
      : input.percent_off != null
        ? { percentOff: input.percent_off, amountOffPence: null }
        : {};
  return uniqueCode(async () => {
    const row = await db.transaction(async (tx) => {
      const updated = await repo.updateCode(
        tx,
        current.id,
        {
          ...(input.code !== undefined ? { code: input.code } : {}),
          ...kind,
          ...(input.max_uses !== undefined ? { maxUses: input.max_uses } : {}),
          validFrom,
          validUntil,
        },
        now,
      );
      if (input.course_ids !== undefined) await repo.setCourses(tx, current.id, input.course_ids);
      await logActivity(tx, { type: "other", action: "Discount code updated", details: updated.code, actor, at: now });
      return updated;
    });
    return { kind: "saved" as const, discount: (await discountsOf(db, [row], now))[0]! };
  });
}

/** Deletes (archives) a live code; false when there is none. */
export async function removeDiscount(db: Db, id: number, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await repo.archiveCode(tx, id, now);
    if (row) await logActivity(tx, { type: "other", action: "Discount code deleted", details: row.code, actor, at: now });
    return Boolean(row);
  });
}
