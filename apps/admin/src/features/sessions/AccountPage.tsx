import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Laptop } from "lucide-react";
import { Button, ErrorState, TextField, useToast } from "@app/ui";
import { relativeTime as relativeTimeUi } from "@app/ui/format";

/** 'just now', '5 minutes ago': in the middle of a sentence. */
const relativeTime = (iso: string) => {
  const t = relativeTimeUi(iso);
  return t.charAt(0).toLowerCase() + t.slice(1);
};
import { PASSWORD_RULES_TEXT } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { useAuth } from "../../lib/auth";
import { usePageTitle } from "../../components/usePageTitle";
import { LoadingNote } from "../../components/Loading";
import { paths } from "../../config/paths";
import { ROLE_LABELS } from "../../config/roles";
import "../../styles/account-pages.css";

/** 'Your account': each signed-in device with Sign out / Sign out everywhere else, and the password. */
export default function AccountPage() {
  usePageTitle("Your account");
  const { user, role, session } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.accountSessions, queryFn: () => unwrap(api.account.sessions()) });

  const endOne = useMutation({
    mutationFn: (id: string) => unwrap(api.account.endSession({ params: { id } })),
    onSuccess: () => {
      toast.success("Signed out that session");
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const endOthers = useMutation({
    mutationFn: () => unwrap(api.account.endOtherSessions()),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <section className="admin-page security-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Your account</h1>
          <p className="admin-page__subtitle">
            {user?.name} · {user?.email} · {role ? ROLE_LABELS[role] : ""}
          </p>
        </div>
      </header>

      <div className="admin-card security-card">
        <div className="security-card__head">
          <h2 className="security-card__title">Your sessions</h2>
          <Button
            variant="secondary"
            onClick={() => endOthers.mutate()}
            loading={endOthers.isPending}
            loadingLabel="Signing out..."
            disabled={others === 0}
          >
            Sign out everywhere else
          </Button>
        </div>
        <p className="security-card__text">
          Sessions end 12 hours after signing in, or after {session?.idle_minutes ?? 30} minutes without activity.
        </p>
        {sessions.isError ? (
          <ErrorState
            title="Sessions could not be loaded"
            message={errorMessage(sessions.error)}
            onRetry={() => void sessions.refetch()}
          />
        ) : sessions.isPending ? (
          <LoadingNote label="Loading sessions..." />
        ) : (
          <ul className="session-list" aria-label="Signed-in devices">
            {sessions.data.map((s) => (
              <li key={s.id} className="session-list__item">
                <Laptop size={22} aria-hidden="true" className="session-list__icon" />
                <div className="session-list__text">
                  <strong>
                    {s.device}
                    {s.current ? <span className="session-list__current"> · This device</span> : null}
                  </strong>
                  <span>
                    {s.ip || "Unknown address"} · last active {relativeTime(s.last_active_at)} · signed in{" "}
                    {relativeTime(s.signed_in_at)}
                  </span>
                </div>
                {s.current ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => endOne.mutate(s.id)}
                    disabled={endOne.isPending}
                    aria-label={`Sign out ${s.device}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <ChangePassword />

      <p className="security-card__text">
        Second factor: <Link to={paths.security}>authenticator app, passkeys and recovery codes</Link>.
      </p>
    </section>
  );
}

function ChangePassword() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ current_password?: string; new_password?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current_password = "Please enter your current password";
    if (!next) found.new_password = "Please enter a new password";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await unwrap(api.account.changePassword({ body: { current_password: current, new_password: next } }));
      toast.success(answer.message);
      setCurrent("");
      setNext("");
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    } catch (error) {
      if (error instanceof ApiError && error.body.issues?.length) {
        const fromServer: typeof errors = {};
        for (const i of error.body.issues)
          if (i.path === "current_password" || i.path === "new_password") fromServer[i.path] = i.message;
        setErrors(fromServer);
      } else toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-card security-card" onSubmit={submit} noValidate>
      <h2 className="security-card__title">Change password</h2>
      <p className="security-card__text">Changing your password signs out every other session.</p>
      <div className="security-form">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current_password}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.new_password}
          hint={PASSWORD_RULES_TEXT}
        />
        <Button type="submit" loading={busy} loadingLabel="Saving...">
          Change password
        </Button>
      </div>
    </form>
  );
}
