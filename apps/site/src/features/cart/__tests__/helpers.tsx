import { vi } from "vitest";

/** A fetch stand-in answering JSON per request; the browser tests use the real API. */
export function stubFetch(
  handler: (
    url: string,
    init: RequestInit | undefined,
  ) =>
    | { status?: number; body: unknown; headers?: Record<string, string> }
    | Promise<{ status?: number; body: unknown; headers?: Record<string, string> }>,
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const { status = 200, body, headers = {} } = await handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  });
  vi.stubGlobal("fetch", fn);
  return calls;
}

/** A promise with its resolve function, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Texts of the toasts of one type currently shown (the @app/ui toast marks each with data-toast-type). */
export function toasts(type: "success" | "error" | "info"): string[] {
  return Array.from(document.querySelectorAll(`[data-toast-type="${type}"]`)).map((el) => el.textContent ?? "");
}
