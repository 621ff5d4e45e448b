import { initServer } from "@ts-rest/fastify";
import { pageOf, sendTotal } from "../../lib/paging";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { contract } from "@app/contract";
import type { Db } from "../../db/client";
import { courses, discountCodes } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import type { Session } from "../../plugins/auth";
import { logActivity } from "../activity/repository";
import { takeDiscountCheck } from "./limits";
import { poundsToPence } from "@app/rules";
import { checkDiscount, discountForOffice, listDiscounts, writeDiscountCourses } from "./repository";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

async function liveById(db: Db, id: number) {
  const [row] = await db.select().from(discountCodes).where(and(eq(discountCodes.id, id), isNull(discountCodes.archivedAt)));
  return row ?? null;
}

async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.archivedAt), exceptId ? ne(discountCodes.id, exceptId) : undefined));
  if (clash) throw new HttpError(409, "Discount code already exists");
}

/** A course limit may name live courses only (an unknown id would break the foreign key: a 400, not a 500). */
async function assertCoursesExist(db: Db, ids: number[] | undefined) {
  if (!ids?.length) return;
  const found = await db.select({ id: courses.id }).from(courses).where(and(inArray(courses.id, ids), isNull(courses.archivedAt)));
  if (found.length !== ids.length) throw new HttpError(400, "Unknown course", { issues: [{ path: "course_ids", message: "Unknown course" }] });
}

const isUniqueViolation = (e: unknown) => (e as { code?: string; cause?: { code?: string } })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

export const discountsRouter = s.router(contract.discounts, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listDiscounts(request.server.db, request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  byId: async ({ params, request }) => {
    const row = await liveById(request.server.db, params.id);
    if (!row) return { status: 404, body: { message: "Discount not found" } };
    return { status: 200, body: await discountForOffice(request.server.db, row, request.server.now()) };
  },
  create: async ({ body, request }) => {
    const app = request.server;
    await assertCodeFree(app.db, body.code);
    await assertCoursesExist(app.db, body.course_ids);
    try {
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(discountCodes)
          .values({
            code: body.code,
            percentOff: body.amount_off !== undefined ? null : body.percent_off,
            amountOffPence: body.amount_off !== undefined ? poundsToPence(body.amount_off) : null,
            validFrom: body.valid_from,
            validUntil: body.valid_until,
            maxUses: body.max_uses,
          })
          .returning();
        if (body.course_ids?.length) await writeDiscountCourses(tx, created!.id, body.course_ids);
        const off = body.amount_off !== undefined ? `£${body.amount_off.toFixed(2)}` : `${body.percent_off}%`;
        await logActivity(tx, {
          type: "other",
          action: "Discount code created",
          details: `${body.code} (${off} off, ${body.max_uses} use${body.max_uses === 1 ? "" : "s"})`,
          actor: actorOf(request),
          at: app.now(),
        });
        return created!;
      });
      return { status: 201, body: await discountForOffice(app.db, row, app.now()) };
    } catch (e) {
      // Two admins creating the same code at once: the unique index decides.
      if (isUniqueViolation(e)) return { status: 409, body: { message: "Discount code already exists" } };
      throw e;
    }
  },
  update: async ({ params, body, request }) => {
    const app = request.server;
    const current = await liveById(app.db, params.id);
    if (!current) return { status: 404, body: { message: "Discount not found" } };
    const validFrom = body.valid_from ?? current.validFrom;
    const validUntil = body.valid_until ?? current.validUntil;
    if (validUntil <= validFrom) {
      return {
        status: 400,
        body: { message: "End date must be after start date", issues: [{ path: "valid_until", message: "End date must be after start date" }] },
      };
    }
    if (body.code && body.code !== current.code) await assertCodeFree(app.db, body.code, current.id);
    await assertCoursesExist(app.db, body.course_ids);
    try {
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(discountCodes)
          .set({
            ...(body.code !== undefined ? { code: body.code } : {}),
            ...(body.percent_off !== undefined ? { percentOff: body.percent_off, amountOffPence: null } : {}),
            ...(body.amount_off !== undefined ? { amountOffPence: poundsToPence(body.amount_off), percentOff: null } : {}),
            ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
            validFrom,
            validUntil,
            updatedAt: app.now(),
          })
          .where(eq(discountCodes.id, current.id))
          .returning();
        if (body.course_ids) await writeDiscountCourses(tx, current.id, body.course_ids);
        await logActivity(tx, { type: "other", action: "Discount code updated", details: updated!.code, actor: actorOf(request), at: app.now() });
        return updated!;
      });
      return { status: 200, body: await discountForOffice(app.db, row, app.now()) };
    } catch (e) {
      if (isUniqueViolation(e)) return { status: 409, body: { message: "Discount code already exists" } };
      throw e;
    }
  },
  remove: async ({ params, request }) => {
    const app = request.server;
    // Archived, not deleted: orders keep pointing at the code they used.
    const removed = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(discountCodes)
        .set({ archivedAt: app.now(), updatedAt: app.now() })
        .where(and(eq(discountCodes.id, params.id), isNull(discountCodes.archivedAt)))
        .returning();
      if (row) await logActivity(tx, { type: "other", action: "Discount code deleted", details: row.code, actor: actorOf(request), at: app.now() });
      return row;
    });
    return removed ? { status: 200, body: { message: "Discount Deleted" } } : { status: 404, body: { message: "Discount not found" } };
  },
  validate: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    await takeDiscountCheck(request);
    const { result } = await checkDiscount(app.db, params.code, now);
    return { status: 200, body: result };
  },
});
