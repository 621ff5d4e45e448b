import { LockKeyhole } from "lucide-react";
import { timeLeft } from "./timeLeft";

/**
 * What both sign-in steps (password, then second factor) say after a failed attempt: the error,
 * the lock with its countdown, and the attempts count. One component so the two steps cannot
 * drift in wording, roles or live-region behaviour.
 */
export function AttemptFeedback({
  error,
  errorId,
  lockedUntil,
  lockedText,
  now,
  attempts,
  maxAttempts,
  attemptsLabel,
}: {
  error: string | null;
  errorId?: string;
  /** Epoch ms when the lock ends, or null when not locked. */
  lockedUntil: number | null;
  /** Sentence before 'Try again in …', e.g. 'Too many failed attempts.' */
  lockedText: string;
  now: number;
  attempts: number;
  maxAttempts: number;
  /** 'Login attempts' or 'Code attempts'. */
  attemptsLabel: string;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} className="login__error" role="alert">
          {error}
        </p>
      ) : null}
      {lockedUntil !== null ? (
        <p className="login__locked" role="status">
          <LockKeyhole size={18} aria-hidden="true" />
          <span>
            {lockedText} Try again in <strong>{timeLeft(lockedUntil, now)}</strong>.
          </span>
        </p>
      ) : null}
      {attempts > 0 ? (
        <p className="login__attempts" aria-live="polite">
          {attemptsLabel}: {Math.min(attempts, maxAttempts)}/{maxAttempts}
        </p>
      ) : null}
    </>
  );
}
