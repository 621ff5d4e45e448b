import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { Eye, EyeOff, House, ShieldCheck } from "lucide-react";
import { Button, Spinner, TextField, useToast } from "@app/ui";
import { LOGIN_MAX_ATTEMPTS, LoginSchema } from "@app/contract";
import { signOutNotice, useAuth } from "../../lib/auth";
import { ApiError } from "../../lib/errors";
import { SITE_URL } from "../../lib/config";
import { paths } from "../../config/paths";
import { homeFor } from "../../config/roles";
import { usePageTitle } from "../../components/usePageTitle";

const LOGIN_FAILED = "Login failed. Please check your connection and try again.";

type FieldErrors = Partial<Record<"email" | "password", string>>;

import { SecondFactorStep, type Method } from "./SecondFactorStep";
import { AttemptFeedback } from "./AttemptFeedback";

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export default function LoginPage() {
  usePageTitle("Sign in");
  const { status, login, session, refresh, logout, role } = useAuth();
  const [methods, setMethods] = useState<readonly Method[]>(["totp", "passkey", "recovery_code"]);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  // Signed out for inactivity by the portal: said once, on this screen.
  const [idleMinutes] = useState(() => {
    const minutes = signOutNotice.idleMinutes;
    signOutNotice.idleMinutes = null;
    return minutes;
  });

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [maxAttempts, setMaxAttempts] = useState(LOGIN_MAX_ATTEMPTS);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const now = useNow(lockedUntil !== null);
  const locked = lockedUntil !== null && lockedUntil > now;

  useEffect(() => {
    // The lock ran out: the server allows a fresh start.
    if (lockedUntil !== null && lockedUntil <= now) {
      setLockedUntil(null);
      setAttempts(0);
      setFormError(null);
    }
  }, [lockedUntil, now]);

  const secondStep = status === "authenticated" && session?.stage === "second_factor";
  if (status === "authenticated" && session?.stage === "setup" && !submitting) {
    return <Navigate to={paths.securitySetup} replace />;
  }
  if (status === "authenticated" && !secondStep && !submitting) {
    return <Navigate to={from && from !== paths.login ? from : homeFor(role)} replace />;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || locked) return;
    const parsed = LoginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "email" || key === "password") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      (next.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      const answer = await login(parsed.data);
      setPassword("");
      if (answer.next === "second_factor") {
        setMethods(answer.methods);
        return;
      }
      if (answer.next === "setup_second_factor") {
        void navigate(paths.securitySetup, { replace: true });
        return;
      }
      // The guard explains the refusal to a non-administrator; no success toast for them.
      if (answer.user.is_admin) toast.success("Login successful!");
      void navigate(from && from !== paths.login ? from : homeFor(answer.user.role), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        const body = error.body;
        if (typeof body.attempts === "number") setAttempts(body.attempts);
        if (typeof body.max_attempts === "number") setMaxAttempts(body.max_attempts);
        const until = body.locked_until ? Date.parse(body.locked_until) : NaN;
        if (Number.isFinite(until)) setLockedUntil(until);
        if (error.status === 429 && typeof body.attempts !== "number") setAttempts(body.max_attempts ?? maxAttempts);
      }
      // Server, network and timeout failures carry their own words (spec §8); anything else gets the generic one.
      const shown = error instanceof ApiError && error.kind !== "unknown" ? error.message : LOGIN_FAILED;
      setFormError(shown);
      toast.error(shown);
      setPassword("");
      passwordRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  const exhausted = locked || attempts >= maxAttempts;

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__badge" aria-hidden="true">
          <ShieldCheck size={36} />
        </div>
        <h1 className="login__title">Admin Portal</h1>
        <p className="login__subtitle">Secure access for administrators only</p>

        {idleMinutes !== null && !secondStep ? (
          <p className="login__notice" role="status">
            You were signed out after {idleMinutes} minutes without activity. Please sign in again.
          </p>
        ) : null}

        {status === "loading" ? (
          <div className="login__checking">
            <Spinner label="Checking your session" />
          </div>
        ) : null}

        {secondStep ? (
          <SecondFactorStep
            methods={methods}
            onDone={async () => {
              await refresh();
              toast.success("Login successful!");
              void navigate(from && from !== paths.login ? from : homeFor(role), { replace: true });
            }}
            onCancel={() => void logout()}
          />
        ) : (
          <form className="login__form" onSubmit={onSubmit} noValidate aria-describedby={formError ? "login-error" : undefined}>
            <TextField
              ref={emailRef}
              label="Email"
              type="email"
              name="email"
              // The sign-in name is the e-mail address: "email" is the HTML autofill token for an
              // email field (HTML_CodeSniffer refuses "username" there; password managers read both).
              autoComplete="email"
              inputMode="email"
              placeholder="admin@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
              }}
              error={errors.email}
              disabled={submitting}
              required
            />
            <div className="login__password">
              <TextField
                ref={passwordRef}
                label="Password"
                type={showPassword ? "text" : "password"}
                name="password"
                autoComplete="current-password"
                placeholder="Enter your password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
                }}
                error={errors.password}
                disabled={submitting}
                required
              />
              <button
                type="button"
                className="login__reveal"
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
              </button>
            </div>

            <AttemptFeedback
              error={formError}
              errorId="login-error"
              lockedUntil={locked ? lockedUntil : null}
              lockedText="Too many failed attempts."
              now={now}
              attempts={attempts}
              maxAttempts={maxAttempts}
              attemptsLabel="Login attempts"
            />

            <Button type="submit" size="lg" fullWidth loading={submitting} loadingLabel="Authenticating..." disabled={exhausted}>
              Access Admin Panel
            </Button>
          </form>
        )}

        <a className="login__home" href={`${SITE_URL}/`}>
          <House size={18} aria-hidden="true" />
          Home
        </a>
      </div>
    </main>
  );
}
