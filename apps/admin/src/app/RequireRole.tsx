import { Link, Outlet } from "react-router-dom";
import { ShieldAlert } from "lucide-react";
import { buttonClassName } from "@app/ui";
import type { StaffRole } from "@app/contract";
import { useAuth } from "../lib/auth";
import { usePageTitle } from "../components/usePageTitle";
import { can, homeFor, ROLE_LABELS } from "../config/roles";

/** A clear 'not allowed' page for a screen the signed-in role cannot use. */
export function NotAllowedPage() {
  usePageTitle("Not allowed");
  const { role } = useAuth();
  return (
    <section className="admin-page admin-notfound" aria-labelledby="not-allowed-title">
      <ShieldAlert size={40} aria-hidden="true" className="admin-notallowed__icon" />
      <h1 id="not-allowed-title" className="admin-page__title">
        Not allowed
      </h1>
      <p className="admin-page__subtitle">
        Your role ({role ? ROLE_LABELS[role] : "none"}) does not give access to this page. If you need it, ask the owner to change
        your role.
      </p>
      <Link className={buttonClassName({ variant: "primary" })} to={homeFor(role)}>
        Go to your start page
      </Link>
    </section>
  );
}

/** Lets the screens below through only for these roles. */
export function RequireRole({ roles }: { roles: readonly StaffRole[] }) {
  const { role } = useAuth();
  return can(role, roles) ? <Outlet /> : <NotAllowedPage />;
}
