/**
 * The one place that turns a failed call into the messages of spec §8.
 * Every API helper throws an `ApiError`; screens show `error.message` (toast or ErrorState).
 */
import type { ApiError as ContractErrorBody } from "@app/contract";
import { httpStatusMessage, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from "@app/rules";

export type ApiErrorKind = "timeout" | "network" | "http" | "unknown";

export const MESSAGES = {
  timeout: TIMEOUT_MESSAGE,
  network: OFFLINE_MESSAGE,
  sessionExpired: "Session expired. Please log in again.",
  unexpected: "An unexpected error occurred",
  httpStatus: httpStatusMessage,
} as const;

/**
 * The contract's one error body. A failure that never reached the API (timeout, offline) or an
 * answer that was not the API's JSON carries none of it, so every field may be missing here.
 */
export type ApiErrorBody = Partial<ContractErrorBody>;

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when no answer arrived. */
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(kind: ApiErrorKind, status: number, message: string, body: ApiErrorBody = {}) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

function bodyOf(body: unknown): ApiErrorBody {
  return body && typeof body === "object" ? (body as ApiErrorBody) : {};
}

/** An HTTP answer of 400 or above → ApiError with the server's message or the spec's fallback. */
export function httpError(status: number, rawBody: unknown): ApiError {
  const body = bodyOf(rawBody);
  const serverMessage = typeof body.message === "string" && body.message.trim() ? body.message : undefined;
  const fallback = status === 401 ? MESSAGES.sessionExpired : MESSAGES.httpStatus(status);
  return new ApiError("http", status, serverMessage ?? fallback, body);
}

/** Anything thrown while calling (abort, offline, bug) → ApiError with the spec's message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new ApiError("timeout", 0, MESSAGES.timeout);
  }
  // fetch rejects with a TypeError when no answer arrives (offline, DNS, CORS refusal).
  if (error instanceof TypeError) return new ApiError("network", 0, MESSAGES.network);
  const message = error instanceof Error && error.message ? error.message : MESSAGES.unexpected;
  return new ApiError("unknown", 0, message);
}

/** The message to show for any error value. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}
