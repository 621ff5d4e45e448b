/**
 * What a log line may say about a URL (production, decision 267): the API and the site server both
 * log paths, and some paths carry secrets — an order's payment reference, a learner's form token,
 * an unsubscribe, invitation or waiting-list offer token — and query strings carry references,
 * searches and e-mail addresses. These turn a path or a free text into one safe to log.
 */

export const REDACTED_SEGMENT = ":redacted";

/**
 * Path prefixes whose next segment is a secret (API and site). Written with their leading
 * segments so that source paths in stack traces ('src/modules/orders/service.ts') stay readable.
 */
const SECRET_AFTER = [
  "/api/orders/",
  "/api/payments/local/",
  "/api/learner-forms/",
  "/api/waiting-list/offers/",
  "/api/invites/",
  "/api/unsubscribe/",
  "/api/discounts/validate/",
  "/learner/",
  "/waiting-list/offer/",
  "/invite/",
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const SECRET_SEGMENT = new RegExp(`(${SECRET_AFTER.map(escape).join("|")})[^/\\s?#"'<>)]+`, "g");
/** A query string after a path or URL (up to whitespace or a quote). */
const QUERY = /(\/[\w\-.~%/:@]*)\?[^\s"'<>]+/g;
/** The booking reference people read out: XXXX-XXXX from its alphabet (packages/contract, decision 120). */
const BOOKING_REF = /\b[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}\b/g;
/**
 * An e-mail address. The domain ends in a top-level domain of letters and the local part holds
 * no '/', so a package path in a stack ('/node_modules/.pnpm/fastify@5.12.8/…') is left alone.
 */
const EMAIL = /[\w.!#$%&'*+=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b/g;
/** A learner form token (64 hex digits). */
const HEX_TOKEN = /\b[a-f0-9]{64}\b/g;

/** A request path as logged: secret segments replaced, the query string's values dropped. */
export function redactPath(url: string): string {
  const q = url.indexOf("?");
  const path = q >= 0 ? url.slice(0, q) : url;
  return path.replace(SECRET_SEGMENT, `$1${REDACTED_SEGMENT}`) + (q >= 0 ? "?[redacted]" : "");
}

/**
 * Free text (a message, an error, a stack) with secret path segments, query strings, booking
 * references, learner tokens and e-mail addresses masked.
 */
export function scrubSecrets(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(QUERY, "$1?[redacted]")
    .replace(SECRET_SEGMENT, `$1${REDACTED_SEGMENT}`)
    .replace(BOOKING_REF, "[booking-ref]")
    .replace(HEX_TOKEN, "[token]");
}
