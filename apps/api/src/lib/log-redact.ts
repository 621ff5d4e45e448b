/**
 * No personal data in logs (docs/decisions/106): names, e-mail addresses, postal addresses and
 * phone numbers never reach a log line, failed queries included. Applied to every log line of
 * the API (app.ts): fields with personal names are replaced, a failed query keeps its SQL text
 * but loses its parameters, Postgres' row details ("Failing row contains (...)", "Key (...)=(...)")
 * are cut, and e-mail addresses and phone numbers left in any text are masked.
 */
import stdSerializers from "pino-std-serializers";
import { redactPath, scrubSecrets } from "@app/rules";

export const REDACTED = "[redacted]";

/** Keys whose values are personal data (or may hold it: request bodies, query parameters, row details). */
const PERSONAL_KEYS = new Set(
  [
    "to",
    "from",
    "cc",
    "bcc",
    "replyTo",
    "email",
    "emailAddress",
    "email_address",
    "guest_email",
    "guestEmail",
    "first_name",
    "firstName",
    "last_name",
    "lastName",
    "guest_name",
    "guestName",
    "customer",
    "userName",
    "user_name",
    "phone",
    "phone_number",
    "phoneNumber",
    "street_address",
    "streetAddress",
    "address",
    "town_city",
    "townCity",
    "company_name",
    "companyName",
    "order_notes",
    "orderNotes",
    "state",
    "country",
    "message_text",
    "body",
    "payload",
    "params",
    "parameters",
    "values",
    "detail",
    "where",
    "internalQuery",
    "password",
    "authorization",
    "cookie",
    "set-cookie",
    "token",
    "access_token",
    // Secrets of links (issue 25, decision 267): payment references, booking references, link tokens.
    "reference",
    "booking_ref",
    "bookingRef",
    "offerToken",
    "offer_token",
  ].map((k) => k.toLowerCase()),
);

// The domain must end in a top-level domain of letters, and the local part holds no '/': a package
// path in a stack ('/node_modules/.pnpm/fastify@5.12.8/…') is not an address (decision 267).
const EMAIL = /[\w.!#$%&'*+=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b/g;
// Runs of digits with phone separators; masked only when they hold 10 to 15 digits (not dates or times).
const PHONE = /\+?\(?\d[\d\s().-]{7,20}\d/g;

/** Masks personal data inside free text (error messages, stacks, log messages). */
export function scrubText(text: string): string {
  return scrubSecrets(text)
    .replace(/(params|parameters): [\s\S]*?(?=\n\s+at |\n\S+Error|$)/g, `$1: ${REDACTED}`)
    .replace(/Failing row contains \([\s\S]*?\)(?=\.|\n|$)/g, `Failing row contains (${REDACTED})`)
    .replace(/Key \(([^)]*)\)=\([\s\S]*?\)(?= already| is not|\.|\n|$)/g, `Key ($1)=(${REDACTED})`)
    .replace(EMAIL, "[email]")
    .replace(PHONE, (m) => {
      const digits = m.replace(/\D/g, "").length;
      if (/\d{4}-\d{2}-\d{2}/.test(m)) return m; // a date (and time), not a phone number
      return digits >= 10 && digits <= 15 ? "[phone]" : m;
    });
}

const isErrorLike = (v: unknown): v is Error =>
  v instanceof Error || (typeof v === "object" && v !== null && "stack" in v && "message" in v);

/** Any value, with personal fields replaced and texts scrubbed (errors serialised first). */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 8 || seen.has(value)) return "[…]";
  seen.add(value);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const source = isErrorLike(value) ? (stdSerializers.err(value as Error) as unknown as Record<string, unknown>) : value;
  if (Array.isArray(source)) return source.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source as Record<string, unknown>)) {
    out[key] = PERSONAL_KEYS.has(key.toLowerCase()) && v !== null && v !== undefined ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
};

/**
 * The request as logged: its route's pattern ('/api/orders/:reference/status'), never the path's
 * references or tokens, and no query string values (admin searches carry names and e-mails).
 * The client's address only when LOG_CLIENT_ADDRESS is on (decision 267).
 */
function safeRequest(clientAddress: boolean) {
  return (req: LoggedRequest) => {
    const [path, query] = (req.url ?? "").split("?", 2);
    const pattern = req.routeOptions?.url;
    return {
      method: req.method,
      url: (pattern && !pattern.includes("*") ? pattern : scrubText(redactPath(path ?? ""))) + (query ? `?${REDACTED}` : ""),
      host: req.hostname,
      ...(clientAddress ? { remoteAddress: req.ip, remotePort: req.socket?.remotePort } : {}),
    };
  };
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** Options for the API's logger (pino through Fastify). */
export function redactingLoggerOptions({ clientAddress = false }: { clientAddress?: boolean } = {}) {
  return {
    serializers: {
      req: safeRequest(clientAddress),
      err: (err: Error) => scrubValue(err) as SerializedError,
      error: (err: Error) => scrubValue(err) as SerializedError,
    },
    formatters: {
      // Fastify's request and reply objects are left to their serializers (req above, res: status only).
      log: (obj: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(obj).map(([k, v]) => [
            k,
            k === "req" || k === "res" ? v : PERSONAL_KEYS.has(k.toLowerCase()) && v != null ? REDACTED : scrubValue(v),
          ]),
        ),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === "string" ? scrubText(a) : a)),
        );
      },
    },
  };
}
