/** Discount codes: the office's list and edits, and the public coupon check. Thin: the rules are in service.ts. */
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import { pageOf, sendTotal } from "../../lib/paging";
import type { Session } from "../../plugins/auth";
import { takeDiscountCheck } from "./limits";
import {
  checkDiscount,
  CODE_EXISTS_MESSAGE,
  createDiscount,
  getDiscount,
  listDiscounts,
  removeDiscount,
  updateDiscount,
  type DiscountOutcome,
} from "./service";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

/** The office's refusals as HTTP (the one error shape through the error handler). */
function refusal(outcome: Exclude<DiscountOutcome, { kind: "saved" }>): HttpError {
  switch (outcome.kind) {
    case "not_found":
      return new HttpError(404, "Discount not found");
    case "code_taken":
      return new HttpError(409, CODE_EXISTS_MESSAGE);
    case "unknown_course":
      return new HttpError(400, "Unknown course", { issues: [{ path: "course_ids", message: "Unknown course" }] });
    case "bad_dates":
      return new HttpError(400, "End date must be after start date", {
        issues: [{ path: "valid_until", message: "End date must be after start date" }],
      });
  }
}

export const discountsRouter = s.router(contract.discounts, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listDiscounts(request.server.db, request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  byId: async ({ params, request }) => {
    const discount = await getDiscount(request.server.db, params.id, request.server.now());
    if (!discount) return { status: 404, body: { message: "Discount not found" } };
    return { status: 200, body: discount };
  },
  create: async ({ body, request }) => {
    const outcome = await createDiscount(request.server.db, body, actorOf(request), request.server.now());
    if (outcome.kind !== "saved") throw refusal(outcome);
    return { status: 201, body: outcome.discount };
  },
  update: async ({ params, body, request }) => {
    const outcome = await updateDiscount(request.server.db, params.id, body, actorOf(request), request.server.now());
    if (outcome.kind !== "saved") throw refusal(outcome);
    return { status: 200, body: outcome.discount };
  },
  remove: async ({ params, request }) => {
    const removed = await removeDiscount(request.server.db, params.id, actorOf(request), request.server.now());
    return removed
      ? { status: 200, body: { message: "Discount Deleted" } }
      : { status: 404, body: { message: "Discount not found" } };
  },
  validate: async ({ params, query, request }) => {
    await takeDiscountCheck(request);
    const { result } = await checkDiscount(request.server.db, params.code, request.server.now(), query?.course_ids);
    return { status: 200, body: result };
  },
});
