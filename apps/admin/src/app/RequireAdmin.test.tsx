import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { User } from "@app/contract";
import { AppProviders, createQueryClient } from "./providers";
import { AuthProvider } from "../lib/auth";
import { queryKeys } from "../lib/api";
import { RequireAdmin } from "./RequireAdmin";

function renderAt(path: string, user: User | null, stage: "full" | "second_factor" | "setup" = "full") {
  const queryClient = createQueryClient();
  // The who-am-I answer as GET /api/me gave it (no network in this test).
  const later = new Date(Date.now() + 30 * 60_000).toISOString();
  queryClient.setQueryData(
    queryKeys.me,
    user ? { user, session: { expires_at: later, idle_expires_at: later, idle_minutes: 30, stage } } : null,
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <RequireAdmin />
          </AuthProvider>
        ),
        children: [{ path: "/messages", element: <h1>Messages</h1> }],
      },
      { path: "/login", element: <h1>Sign in</h1> },
      { path: "/security/setup", element: <h1>Set up a second factor</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe("RequireAdmin", () => {
  it("sends a visitor without a session to /login, replacing the history entry", async () => {
    const router = renderAt("/messages", null);
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(router.state.location.state).toEqual({ from: "/messages" });
  });

  it("tells a signed-in user who is not an administrator and does not let them in", async () => {
    renderAt("/messages", { id: 7, name: "Nora Staff", email: "nora@example.com", is_admin: false, role: null });
    expect(await screen.findByRole("heading", { name: "Administrators only" })).toBeTruthy();
    expect(screen.getByText("nora@example.com")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Messages" })).toBeNull();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("lets an administrator in", async () => {
    renderAt("/messages", {
      id: 1,
      name: "Site Administrator",
      email: "admin@example.com",
      is_admin: true,
      role: "owner" as const,
    });
    expect(await screen.findByRole("heading", { name: "Messages" })).toBeTruthy();
  });

  it("sends a session whose second factor is still due back to the sign-in, and one that must set it up to the set-up", async () => {
    const owner = { id: 1, name: "Site Administrator", email: "admin@example.com", is_admin: true, role: "owner" as const };
    renderAt("/messages", owner, "second_factor");
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
  });

  it("takes an administrator who must add a second factor to the set-up first", async () => {
    const owner = { id: 1, name: "Site Administrator", email: "admin@example.com", is_admin: true, role: "owner" as const };
    renderAt("/messages", owner, "setup");
    expect(await screen.findByRole("heading", { name: "Set up a second factor" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Messages" })).toBeNull();
  });
});
