import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { KeyRound, Smartphone } from "lucide-react";
import { startAuthentication } from "@simplewebauthn/browser";
import { Button, TextField } from "@app/ui";
import { LOGIN_MAX_ATTEMPTS } from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { AttemptFeedback } from "./AttemptFeedback";

export type Method = "totp" | "passkey" | "recovery_code";

/**
 * The step after the password for an account with a second factor: the authenticator app's code,
 * a passkey, or a single-use recovery code. Wrong codes are counted on the server like passwords.
 */
export function SecondFactorStep({
  methods,
  onDone,
  onCancel,
}: {
  methods: readonly Method[];
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<"totp" | "recovery_code">(methods.includes("totp") ? "totp" : "recovery_code");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [lockedUntil]);
  const locked = lockedUntil !== null && lockedUntil > now;

  function failed(e: unknown) {
    if (e instanceof ApiError) {
      if (typeof e.body.attempts === "number") setAttempts(e.body.attempts);
      const until = e.body.locked_until ? Date.parse(e.body.locked_until) : NaN;
      if (Number.isFinite(until)) {
        setLockedUntil(until);
        setNow(Date.now());
      }
    }
    setError(errorMessage(e));
    setCode("");
    inputRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked) return;
    if (!code.trim()) {
      setError("Please enter the code");
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === "totp") await unwrap(api.auth.loginTotp({ body: { code: code.trim() } }));
      else await unwrap(api.auth.loginRecovery({ body: { code: code.trim() } }));
      await onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function usePasskey() {
    setBusy(true);
    setError(null);
    try {
      const options = await unwrap(api.auth.loginPasskeyOptions());
      const response = await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
      await unwrap(api.auth.loginPasskey({ body: { response: response as unknown as Record<string, unknown> } }));
      await onDone();
    } catch (e) {
      if (e instanceof ApiError) failed(e);
      else setError("The passkey was not used. Please try again or enter a code.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login__form second-factor">
      <h2 className="second-factor__title">Second step</h2>
      <form onSubmit={submit} noValidate className="login__form">
        <p className="second-factor__hint">
          {mode === "totp"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of your recovery codes. Each code works once."}
        </p>
        <TextField
          ref={inputRef}
          label={mode === "totp" ? "Authentication code" : "Recovery code"}
          name="code"
          autoComplete="one-time-code"
          inputMode={mode === "totp" ? "numeric" : "text"}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={busy}
          autoFocus
        />
        <AttemptFeedback
          error={error}
          lockedUntil={locked ? lockedUntil : null}
          lockedText="Too many wrong codes."
          now={now}
          attempts={attempts}
          maxAttempts={LOGIN_MAX_ATTEMPTS}
          attemptsLabel="Code attempts"
        />
        <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel="Checking..." disabled={locked}>
          Verify
        </Button>
      </form>
      <div className="second-factor__others">
        {methods.includes("passkey") ? (
          <Button variant="secondary" fullWidth onClick={usePasskey} disabled={busy || locked}>
            <KeyRound size={18} aria-hidden="true" /> Use a passkey
          </Button>
        ) : null}
        {mode === "totp" ? (
          <Button
            variant="ghost"
            fullWidth
            onClick={() => {
              setMode("recovery_code");
              setCode("");
              setError(null);
            }}
          >
            Use a recovery code
          </Button>
        ) : methods.includes("totp") ? (
          <Button
            variant="ghost"
            fullWidth
            onClick={() => {
              setMode("totp");
              setCode("");
              setError(null);
            }}
          >
            <Smartphone size={18} aria-hidden="true" /> Use the authenticator app
          </Button>
        ) : null}
        <Button variant="ghost" fullWidth onClick={onCancel}>
          Cancel and sign out
        </Button>
      </div>
    </div>
  );
}
