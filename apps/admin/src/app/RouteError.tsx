import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { ErrorState } from "@app/ui";

/**
 * Shown when a route fails to render or its code fails to load (e.g. a new deployment replaced
 * the chunk): a visible error with a reload, never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "An unexpected error occurred";
  return (
    <main className="admin-fullscreen">
      <ErrorState
        title="This page could not be shown"
        message={message}
        onRetry={() => window.location.reload()}
        retryLabel="Reload"
      />
    </main>
  );
}
