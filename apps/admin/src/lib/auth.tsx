import { createContext, useCallback, useContext, useEffect, useMemo } from "react";
import type { ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, User } from "@app/contract";
import { api, queryKeys, setUnauthorizedHandler, unwrap } from "./api";
import { ApiError } from "./errors";

/**
 * The session lives in the API's HttpOnly cookie. The app only asks who is signed in
 * (`GET /api/me`) on load and after sign-in, and keeps that answer in the query cache.
 */
export type AuthStatus = "loading" | "authenticated" | "anonymous";

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAdmin: boolean;
  /** Signs in; resolves with the user or throws an `ApiError` (401 carries attempts, 423 locked_until). */
  login: (input: LoginInput) => Promise<User>;
  /** Ends the session on the server, then forgets everything cached. */
  logout: () => Promise<void>;
  /** Forgets the session locally (after a 401). */
  clearSession: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchMe(): Promise<User | null> {
  try {
    const { user } = await unwrap(api.auth.me());
    return user;
  } catch (error) {
    // 401 = nobody signed in: a normal answer, not a failure.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: Infinity, retry: 1 });

  const clearSession = useCallback(() => {
    // Drop every cached admin answer so nothing of the old session shows to the next person.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    queryClient.setQueryData(queryKeys.me, null);
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(clearSession);
    return () => setUnauthorizedHandler(null);
  }, [clearSession]);

  const login = useCallback(
    async (input: LoginInput) => {
      const { user } = await unwrap(api.auth.login({ body: input }));
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.me, user);
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await unwrap(api.auth.logout());
    } finally {
      clearSession();
    }
  }, [clearSession]);

  const value = useMemo<AuthContextValue>(() => {
    const user = me.data ?? null;
    // A failed who-am-I call (API down) counts as signed out: the sign-in screen then shows the failure.
    const status: AuthStatus = me.isPending ? "loading" : user ? "authenticated" : "anonymous";
    return { status, user, isAdmin: Boolean(user?.is_admin), login, logout, clearSession };
  }, [me.data, me.isPending, login, logout, clearSession]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Spec §8: using the auth context outside its provider throws. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside an AuthProvider");
  return value;
}

/** 'Jane Doe' → 'JD'; 'admin' → 'A'. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
