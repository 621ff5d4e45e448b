/**
 * The site server's log lines (production, decision 267): a request id on every request line (the
 * proxy's X-Request-Id when it sends a sane one), paths without their secrets (learner and
 * waiting-list tokens) or query strings (`/payment/success?reference=…`), errors with those and
 * e-mail addresses masked, and the client's address only when LOG_CLIENT_ADDRESS is on.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { redactPath, scrubSecrets } from "@app/rules";

type LoggedRequest = {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

const scrubError = (err: unknown): SerializedError => {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubSecrets(String(err)), stack: "" };
  const cause = (err as { cause?: unknown }).cause;
  return {
    type: err.name,
    message: scrubSecrets(err.message),
    stack: scrubSecrets(err.stack ?? ""),
    ...((err as { code?: unknown }).code !== undefined ? { code: (err as { code?: unknown }).code } : {}),
    ...(cause instanceof Error ? { cause: { type: cause.name, message: scrubSecrets(cause.message) } } : {}),
  };
};

export function siteLoggerOptions(options: { level: string; clientAddress: boolean }) {
  return {
    level: options.level,
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactPath(req.url ?? ""),
        host: req.hostname,
        ...(options.clientAddress ? { remoteAddress: req.ip, remotePort: req.socket?.remotePort } : {}),
      }),
      err: scrubError,
      error: scrubError,
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === "string" ? scrubSecrets(a) : a)),
        );
      },
    },
  };
}

/** The request id: the proxy's X-Request-Id when it is a plain token, else a new one. */
export function siteRequestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}
