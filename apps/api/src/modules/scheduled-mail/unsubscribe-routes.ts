/**
 * One-click unsubscribe from marketing mail (RFC 8058, decision 224), without signing in:
 * - `POST /api/unsubscribe/:token`: what mail clients send for `List-Unsubscribe-Post:
 *   List-Unsubscribe=One-Click` (a form body), and what the confirmation page's button sends.
 *   It unsubscribes at once and answers a short page.
 * - `GET /api/unsubscribe/:token`: the link in the mail opens a page asking to confirm with one
 *   button (a GET never unsubscribes: mail scanners follow links).
 * The token is signed (consent.ts), so nobody can unsubscribe an address they only guess.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { escapeHtml } from "../../lib/html";
import { isUnsubscribed, unsubscribeFromLink, unsubscribeKeys, verifyUnsubscribeToken } from "./consent";

function page(reply: FastifyReply, status: number, title: string, body: string, providerName: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .send(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(providerName)}</title></head><body><main><p>${escapeHtml(providerName)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/** 'c***@example.com': enough to recognise one's own address, not to harvest it. */
const masked = (email: string) => email.replace(/^(.)[^@]*/, "$1***");

export async function unsubscribeRoutes(app: FastifyInstance) {
  // Mail clients post `List-Unsubscribe=One-Click` as a form; only these routes take forms.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // RFC 8058 allows multipart/form-data too: only the one field matters.
  app.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const oneClick = /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click/i.test(body as string);
    done(null, oneClick ? { "List-Unsubscribe": "One-Click" } : {});
  });
  const params = { type: "object", properties: { token: { type: "string", maxLength: 600 } }, required: ["token"] } as const;
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      404,
      "This unsubscribe link is not valid",
      `<p>Please use the link in our latest e-mail, or reply to that e-mail and we will unsubscribe you.</p>`,
      app.env.PROVIDER_NAME,
    );

  app.get<{ Params: { token: string } }>("/api/unsubscribe/:token", { schema: { params } }, async (request, reply) => {
    const email = verifyUnsubscribeToken(request.params.token, unsubscribeKeys(app.env));
    if (!email) return invalid(reply);
    if (await isUnsubscribed(app.db, email)) {
      return page(
        reply,
        200,
        "You are unsubscribed",
        `<p>${escapeHtml(masked(email))} gets no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p>`,
        app.env.PROVIDER_NAME,
      );
    }
    return page(
      reply,
      200,
      "Unsubscribe from licence-renewal reminders?",
      `<p>${escapeHtml(masked(email))} will get no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      app.env.PROVIDER_NAME,
    );
  });

  app.post<{ Params: { token: string }; Body: Record<string, unknown> | undefined }>(
    "/api/unsubscribe/:token",
    { schema: { params } },
    async (request, reply) => {
      const email = verifyUnsubscribeToken(request.params.token, unsubscribeKeys(app.env));
      if (!email) return invalid(reply);
      const oneClick = request.body && typeof request.body === "object" && request.body["List-Unsubscribe"] === "One-Click";
      const now = app.now();
      await unsubscribeFromLink(app.db, email, Boolean(oneClick), now);
      return page(
        reply,
        200,
        "You are unsubscribed",
        `<p>${escapeHtml(masked(email))} gets no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p>`,
        app.env.PROVIDER_NAME,
      );
    },
  );
}
