import { initClient, tsRestFetchApi } from "@ts-rest/core";
import type { ApiFetcher } from "@ts-rest/core";
import { contract } from "@app/contract";
import { API_TIMEOUT_MS, API_URL } from "./config";
import { httpError, toApiError } from "./errors";

/**
 * Typed client of the whole contract. The session is the API's HttpOnly cookie, so every call
 * goes with `credentials: 'include'`; nothing about the session is kept in script-readable storage.
 *
 * Use it through `unwrap` so failures become `ApiError`s with the spec §8 messages:
 *   const cards = await unwrap(api.admin.dashboard());
 * or, in components, through TanStack Query:
 *   useQuery({ queryKey: queryKeys.dashboard, queryFn: () => unwrap(api.admin.dashboard()) })
 */

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The auth provider registers here; any 401 (other than the sign-in and who-am-I calls) ends the session. */
export function setUnauthorizedHandler(listener: UnauthorizedListener | null): void {
  onUnauthorized = listener;
}

// These answer 401 as part of their normal flow (wrong password or code, nobody signed in).
const SESSION_PATHS = new Set([
  "/api/login",
  "/api/me",
  "/api/login/totp",
  "/api/login/recovery-code",
  "/api/login/passkey",
  "/api/login/passkey/options",
]);

/** Header of background calls (polls, who-am-I): they do not keep an idle session alive. */
export const PASSIVE = { "x-session-passive": "1" } as const;

type ActivityListener = (at: number) => void;
const activityListeners = new Set<ActivityListener>();
/** Called after every answered call the server counts as activity (the idle timer restarts there). */
export function onServerActivity(listener: ActivityListener): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

const fetcher: ApiFetcher = async (args) => {
  let response: Awaited<ReturnType<ApiFetcher>>;
  try {
    response = await tsRestFetchApi({
      ...args,
      fetchOptions: {
        ...args.fetchOptions,
        credentials: "include",
        signal: args.fetchOptions?.signal ?? AbortSignal.timeout(API_TIMEOUT_MS),
      },
    });
  } catch (error) {
    throw toApiError(error);
  }
  if (response.status === 401 && !SESSION_PATHS.has(args.route.path)) onUnauthorized?.();
  const passive = Object.keys(args.headers ?? {}).some((h) => h.toLowerCase() === "x-session-passive");
  if (response.status < 400 && !passive) for (const listener of activityListeners) listener(Date.now());
  return response;
};

export const api = initClient(contract, {
  baseUrl: API_URL,
  baseHeaders: {},
  credentials: "include",
  api: fetcher,
});

type Answer = { status: number; body: unknown };
type Success<R extends Answer> = Extract<R, { status: 200 | 201 | 202 | 204 }>["body"];

/** Awaits a client call: the body of a 2xx answer, otherwise throws an `ApiError`. */
export async function unwrap<R extends Answer>(call: Promise<R>): Promise<Success<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    throw toApiError(error);
  }
  if (response.status >= 200 && response.status < 300) return response.body as Success<R>;
  throw httpError(response.status, response.body);
}

/** Query keys in one place, so a mutation can invalidate exactly what it changed. */
export const queryKeys = {
  me: ["me"] as const,
  staff: ["staff"] as const,
  accountSessions: ["account-sessions"] as const,
  security: ["account-security"] as const,
  dashboard: ["dashboard"] as const,
  dashboardWarnings: ["dashboard", "warnings"] as const,
  activity: ["activity-logs"] as const,
  notifications: ["notifications"] as const,
  status: ["status"] as const,
  alerts: ["alerts"] as const,
  messages: ["messages"] as const,
  enrollments: ["enrollments"] as const,
  courses: ["courses"] as const,
  course: (id: number) => ["courses", id] as const,
  shops: ["shops"] as const,
  shop: (id: number) => ["shops", id] as const,
  discounts: ["discounts"] as const,
  discount: (id: number) => ["discounts", id] as const,
};
