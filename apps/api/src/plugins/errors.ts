import fp from "fastify-plugin";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { RequestValidationError } from "@ts-rest/fastify";
import { HttpError } from "../lib/http-error";

type ZodLike = { issues: { path: (string | number)[]; message: string }[] } | null;

function issuesOf(err: ZodLike): { path: string; message: string }[] {
  return (err?.issues ?? []).map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** ts-rest request validation → our one 400 shape (a bad path parameter means "no such thing": 404). */
export function validationErrorHandler(err: RequestValidationError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.pathParams) return reply.status(404).send({ message: "Not found" });
  const issues = [...issuesOf(err.body as ZodLike), ...issuesOf(err.query as ZodLike), ...issuesOf(err.headers as ZodLike)];
  return reply.status(400).send({ message: issues[0]?.message ?? "Invalid request", issues });
}

/**
 * Fastify's errors before a route runs: a URL that is not valid percent-encoding (400) and a
 * path parameter longer than the router keeps (no such thing: 404), in the one error shape.
 */
export function frameworkErrorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void reply.status(404).send({ message: "Not found" });
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: error.code === "FST_ERR_BAD_URL" ? "Invalid URL" : "Invalid request" });
}

// Fastify's own client-side errors: which message to show for them.
const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
};

/** Routes whose body carries an image: their 413 speaks of the file (the upload form's message). */
const IMAGE_BODY_MESSAGE = "File size must be less than 5MB";

/**
 * Postgres "data exception" codes (class 22: a value out of range, not a real date, a NUL
 * byte…) can only come from a value the client chose that the contract let through: answer
 * 400, never 500. The contract's limits are the first line; this is the net behind them.
 */
function isDataException(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}

export const DB_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

// Postgres SQLSTATEs meaning "the database cannot serve this now": statement timeout / cancel,
// idle-in-transaction timeout, shutdown, too many connections, connection failures.
const UNAVAILABLE_CODES = new Set([
  "57014",
  "25P03",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);
const UNAVAILABLE_MESSAGES =
  /query read timeout|timeout exceeded when trying to connect|connection terminated|connection timeout|client has encountered a connection error|cannot use a pool after calling end/i;

/** A database that is down, stalled or overloaded (the error or any of its causes), not a bug of ours. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
      if (error instanceof RequestValidationError) return validationErrorHandler(error, request, reply);
      if (error instanceof HttpError) {
        // A limit's wait also as the standard header (clients and proxies understand it).
        if (typeof error.extra.retry_after === "number") reply.header("retry-after", String(error.extra.retry_after));
        return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = (error as FastifyError).code ?? "";
        // SyntaxError from JSON.parse surfaces with a 400 status and no FST code in some paths.
        const imageRoute = code === "FST_ERR_CTP_BODY_TOO_LARGE" && (request.routeOptions.bodyLimit ?? 0) > 1024 * 1024;
        const message = imageRoute
          ? IMAGE_BODY_MESSAGE
          : (CLIENT_MESSAGES[code] ?? (error instanceof SyntaxError ? "Malformed JSON body" : error.message));
        return reply.status(status).send({ message });
      }
      if (isDatabaseUnavailable(error)) {
        // Fail fast and say so (decision 103); the pool reconnects by itself once the server answers.
        request.log.warn({ err: error, reqId: request.id }, "database unavailable");
        return reply.status(503).header("retry-after", "5").send({ message: DB_UNAVAILABLE_MESSAGE });
      }
      if (isDataException(error)) {
        request.log.warn(
          { reqId: request.id, code: (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code },
          "value refused by the database",
        );
        return reply.status(400).send({ message: "Invalid request" });
      }
      request.log.error({ err: error, reqId: request.id }, "request failed");
      return reply
        .status(status >= 500 && status < 600 ? status : 500)
        .send({ message: `Something went wrong on our side (request ${request.id}).` });
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  },
  { name: "errors" },
);
