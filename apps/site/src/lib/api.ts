/**
 * A tiny typed fetch for the public site. Types come from the contract with `import type`
 * only, so neither zod nor the ts-rest client reaches the browser's first load; the API
 * validates every input anyway, and forms load the contract's schemas with their route.
 *
 * Messages follow spec §8: timeout, no connection, 'the server message or Request failed
 * with status {status}'.
 */
import type {
  ApiError as ApiErrorBody,
  CatalogueChanges,
  ContactMessageCreateInput,
  CourseDetail,
  CourseListItem,
  PublishedWebsite,
  ShopItem,
} from "@app/contract";
import { httpStatusMessage, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from "@app/rules";

/** Spec §7/§9: 60000 ms in the browser. The server render gives up sooner so a page never hangs. */
const BROWSER_TIMEOUT_MS = 60_000;
const SERVER_TIMEOUT_MS = 10_000;

export { OFFLINE_MESSAGE, TIMEOUT_MESSAGE };

let apiBase = "http://localhost:3000";

/** Set once at start: API_URL on the server, PUBLIC_API_URL (from the SSR data) in the browser. */
export function configureApi(options: { baseUrl: string }) {
  apiBase = options.baseUrl.replace(/\/+$/, "");
}

export function getApiBase(): string {
  return apiBase;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** Seconds until the API lets the client try again (Retry-After, else the body's retry_after). */
  readonly retryAfter: number | null;
  constructor(message: string, status: number, body: ApiErrorBody | null = null, retryAfter: number | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter ?? body?.retry_after ?? null;
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT";
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls `/api/...` and returns the parsed JSON body, or throws an `ApiError` (status 0 = no answer). */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const timeoutMs = import.meta.env.SSR ? SERVER_TIMEOUT_MS : BROWSER_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? "GET",
      headers:
        options.body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(TIMEOUT_MESSAGE, 0);
    throw new ApiError(OFFLINE_MESSAGE, 0);
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const body = json && typeof json === "object" && "message" in json ? (json as ApiErrorBody) : null;
    throw new ApiError(
      body?.message || httpStatusMessage(response.status),
      response.status,
      body,
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  return json as T;
}

/** The calls the public site makes (spec §7). */
export const api = {
  courses: (signal?: AbortSignal) => apiFetch<CourseListItem[]>("/api/courses", { signal }),
  catalogueChanges: (signal?: AbortSignal) => apiFetch<CatalogueChanges>("/api/catalogue/changes", { signal }),
  courseBySlug: (slug: string, signal?: AbortSignal) =>
    apiFetch<CourseDetail>(`/api/courses/slug/${encodeURIComponent(slug)}`, { signal }),
  shops: (signal?: AbortSignal) => apiFetch<ShopItem[]>("/api/shops", { signal }),
  website: (signal?: AbortSignal) => apiFetch<PublishedWebsite>("/api/website", { signal }),
  websitePreview: (token: string, signal?: AbortSignal) =>
    apiFetch<PublishedWebsite>(`/api/website/preview/${encodeURIComponent(token)}`, { signal }),
  sendMessage: (input: ContactMessageCreateInput) =>
    apiFetch<{ message: string }>("/api/messages", { method: "POST", body: input }),
};
