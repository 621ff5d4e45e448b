import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorState } from "@app/ui";
import { NotFoundContent } from "../components/NotFoundContent";

/** Error boundary of the pages: a 404 shows the not-found page, anything else a visible error with a retry. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const message =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : "An unexpected error occurred";
  return (
    <div className="page ui-container">
      <ErrorState title="Something went wrong" message={message} onRetry={() => window.location.reload()} />
    </div>
  );
}
