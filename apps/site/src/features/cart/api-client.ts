import type { ApiError } from "@app/contract";

/** A failed API call: `status` 0 means the network failed before any answer. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly body: ApiError | null;
  constructor(message: string, status: number, body: ApiError | null) {
    super(message);
    this.name = "ApiCallError";
    this.status = status;
    this.body = body;
  }
}

const API_TIMEOUT_MS = 60_000;

function apiBase(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return (env?.VITE_API_URL ?? "").replace(/\/$/, "");
}

export async function apiRequest<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/api${path}`, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === "TimeoutError";
    throw new ApiCallError(
      timedOut ? "Network timeout. Please check your internet connection." : "No Internet connection. Please check your internet connection.",
      0,
      null,
    );
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = data && typeof data === "object" && "message" in data ? (data as ApiError) : null;
    throw new ApiCallError(err?.message || `Request failed with status ${res.status}`, res.status, err);
  }
  return data as T;
}
