/**
 * Invoices, credit notes, VAT periods, exports, payouts and reports over HTTP (contract:
 * packages/contract/src/invoices.ts; roles there). Thin: each handler calls a service.
 */
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import { documentsOfBooking, exportCsv, pdfByNumber, pdfByToken, setVatPeriod, vatPeriods } from "./documents";
import { listPayouts, syncPayouts } from "./payouts";
import { reportCsv, reports } from "./reports";
import { orderExists } from "./repository";

const s = initServer();
type HeaderReply = { header: (name: string, value: string) => unknown; type: (t: string) => unknown };
const file = (reply: HeaderReply, type: string, name: string, disposition: "inline" | "attachment") => {
  reply.header("cache-control", "private, no-store");
  reply.header("content-disposition", `${disposition}; filename="${name}"`);
  reply.type(type);
};

export const invoicesRouter = s.router(contract.invoices, {
  ofBooking: async ({ params, request }) => {
    const app = request.server;
    if (!(await orderExists(app.db, params.id))) throw new HttpError(404, "Booking not found");
    return { status: 200, body: await documentsOfBooking(app.db, params.id, app.env.PUBLIC_API_URL) };
  },
  pdf: async ({ params, request, reply }) => {
    const { pdf, number } = await pdfByNumber(request.server.db, params.number);
    file(reply, "application/pdf", `${number}.pdf`, "inline");
    return { status: 200, body: pdf as unknown as string };
  },
  publicPdf: async ({ params, request, reply }) => {
    const { pdf, number } = await pdfByToken(request.server.db, params.token);
    file(reply, "application/pdf", `${number}.pdf`, "inline");
    reply.header("x-robots-tag", "noindex");
    return { status: 200, body: pdf as unknown as string };
  },
  vatPeriods: async ({ request }) => ({ status: 200, body: await vatPeriods(request.server.db) }),
  setVatPeriod: async ({ body, request }) => ({
    status: 200,
    body: await setVatPeriod(request.server.db, body, request.server.now()),
  }),
  export: async ({ query, request, reply }) => {
    const csv = await exportCsv(request.server.db, query);
    file(reply, "text/csv; charset=utf-8", `${query.kind}-${query.format}-${query.from}-to-${query.to}.csv`, "attachment");
    return { status: 200, body: csv };
  },
  payouts: async ({ request }) => ({ status: 200, body: await listPayouts(request.server.db) }),
  syncPayouts: async ({ request }) => ({
    status: 200,
    body: await syncPayouts(request.server.db, request.server.env, request.server.now()),
  }),
  reports: async ({ query, request, reply }) => {
    reply.header("cache-control", "private, no-store");
    return { status: 200, body: await reports(request.server.db, query.from, query.to) };
  },
  reportCsv: async ({ params, query, request, reply }) => {
    const csv = await reportCsv(request.server.db, params.name, query.from, query.to);
    file(reply, "text/csv; charset=utf-8", `report-${params.name}-${query.from}-to-${query.to}.csv`, "attachment");
    return { status: 200, body: csv };
  },
});
