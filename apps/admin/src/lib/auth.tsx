import { createContext, useCallback, useContext, useEffect, useMemo } from "react";
import type { ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, LoginNext, SessionInfo, StaffRole, User } from "@app/contract";
import { api, PASSIVE, queryKeys, setUnauthorizedHandler, unwrap } from "./api";
import { ApiError } from "./errors";

/**
 * The session lives in the API's HttpOnly cookie. The app only asks who is signed in
 * (`GET /api/me`) on load and after sign-in, and keeps that answer in the query cache.
 */
export type AuthStatus = "loading" | "authenticated" | "anonymous";

export type LoginAnswer = { user: User; next: LoginNext; methods: ("totp" | "passkey" | "recovery_code")[] };
type MeData = { user: User; session: SessionInfo } | null;

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAdmin: boolean;
  role: StaffRole | null;
  /** The server's view of the session: stage, absolute and idle ends. */
  session: SessionInfo | null;
  /** Signs in; resolves with the user and what is still due, or throws an `ApiError` (401 carries attempts, 429 locked_until). */
  login: (input: LoginInput) => Promise<LoginAnswer>;
  /** Asks the server again who is signed in (after a second factor, or a keep-alive). */
  refresh: () => Promise<void>;
  /** Ends the session on the server, then forgets everything cached. */
  logout: () => Promise<void>;
  /** Forgets the session locally (after a 401). */
  clearSession: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Why this tab was last signed out by the app itself (the sign-in screen says so once). */
export const signOutNotice: { idleMinutes: number | null } = { idleMinutes: null };

async function fetchMe(): Promise<MeData> {
  try {
    // Asking who is signed in is not activity: it must not keep an idle session alive.
    return await unwrap(api.auth.me({ extraHeaders: PASSIVE }));
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
      const answer = await unwrap(api.auth.login({ body: input }));
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      // The session's times come from the server; ask once so the guard knows the stage.
      await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 0 });
      return { user: answer.user, next: answer.next, methods: answer.methods };
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 0 });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await unwrap(api.auth.logout());
    } finally {
      clearSession();
    }
  }, [clearSession]);

  const value = useMemo<AuthContextValue>(() => {
    const user = me.data?.user ?? null;
    const session = me.data?.session ?? null;
    // A failed who-am-I call (API down) counts as signed out: the sign-in screen then shows the failure.
    const status: AuthStatus = me.isPending ? "loading" : user ? "authenticated" : "anonymous";
    return {
      status,
      user,
      session,
      isAdmin: Boolean(user?.is_admin),
      role: user?.role ?? null,
      login,
      refresh,
      logout,
      clearSession,
    };
  }, [me.data, me.isPending, login, refresh, logout, clearSession]);

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
