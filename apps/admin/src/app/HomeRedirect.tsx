import { Navigate } from "react-router-dom";
import { useAuth } from "../lib/auth";
import { homeFor } from "../config/roles";

/** '/' goes to the start page of the signed-in role. */
export function HomeRedirect() {
  const { role } = useAuth();
  return <Navigate to={homeFor(role)} replace />;
}
