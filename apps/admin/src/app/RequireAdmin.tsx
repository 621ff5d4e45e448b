import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Button, Spinner } from "@app/ui";
import { useState } from "react";
import { useAuth } from "../lib/auth";
import { errorMessage } from "../lib/errors";
import { paths } from "../config/paths";

/**
 * The one guard of every admin route (spec §2): no session → /login (replace), remembering where
 * the user was going. Unlike the original, it also checks is_admin (DESIGN.md: defects we fix).
 */
export function RequireAdmin({ allowSetup = false }: { allowSetup?: boolean }) {
  const { status, user, isAdmin, logout, session } = useAuth();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === "loading") {
    return (
      <div className="admin-fullscreen" aria-busy="true">
        <Spinner size="lg" label="Loading, please wait..." />
      </div>
    );
  }
  if (status === "anonymous" || !user || session?.stage === "second_factor") {
    // Half-signed-in (password given, code still due) goes back to the sign-in's second step.
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  // A second factor is required and missing: set it up first, nothing else.
  if (isAdmin && session?.stage === "setup" && !allowSetup) return <Navigate to={paths.securitySetup} replace />;
  if (allowSetup && session?.stage !== "setup" && isAdmin) return <Navigate to={paths.security} replace />;
  if (!isAdmin) {
    return (
      <main className="admin-fullscreen">
        <div className="admin-denied">
          <h1>Administrators only</h1>
          <p>
            You are signed in as <strong>{user.email}</strong>, which is not an administrator account. Sign out and sign in with
            an administrator account to use the Admin Portal.
          </p>
          {error ? (
            <p className="admin-denied__error" role="alert">
              {error}
            </p>
          ) : null}
          <Button
            loading={leaving}
            loadingLabel="Signing out..."
            onClick={async () => {
              setLeaving(true);
              try {
                await logout();
              } catch (e) {
                setError(errorMessage(e));
                setLeaving(false);
              }
            }}
          >
            Sign out
          </Button>
        </div>
      </main>
    );
  }
  return <Outlet />;
}
