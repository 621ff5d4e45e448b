import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl } from "react-router";
import type { HydrationState } from "react-router";
import type { SiteConfig } from "../config/site";

/**
 * What the server puts into `<script type="application/json" id="ssr-data">` (no inline
 * executable script: CSP `script-src 'self'`): the runtime config and the router's hydration
 * data. Route errors are not JSON, so they travel in a tagged form.
 */
export interface SsrPayload {
  config: SiteConfig;
  hydrationData: {
    loaderData: HydrationState["loaderData"];
    actionData: HydrationState["actionData"];
    errors: Record<string, SerializedError> | null;
  };
}

export type SerializedError =
  | { __type: "RouteErrorResponse"; status: number; statusText: string; data: unknown }
  | { __type: "Error"; message: string };

export const SSR_DATA_ID = "ssr-data";

export function serializeErrors(
  errors: Record<string, unknown> | null | undefined,
  exposeMessages: boolean,
): SsrPayload["hydrationData"]["errors"] {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[routeId] = { __type: "RouteErrorResponse", status: error.status, statusText: error.statusText, data: error.data };
    } else {
      // Never leak server internals into the page in production.
      const message = exposeMessages && error instanceof Error ? error.message : "An unexpected error occurred";
      out[routeId] = { __type: "Error", message };
    }
  }
  return out;
}

export function deserializeErrors(errors: SsrPayload["hydrationData"]["errors"]): HydrationState["errors"] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] =
      error.__type === "RouteErrorResponse"
        ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return out;
}
