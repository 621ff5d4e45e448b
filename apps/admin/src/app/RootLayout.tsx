import { Outlet, ScrollRestoration } from "react-router-dom";
import { AuthProvider } from "../lib/auth";

/** Inside the router, so the auth provider and every page can navigate. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
