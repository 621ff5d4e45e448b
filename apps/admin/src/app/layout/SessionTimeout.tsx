import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button, Modal } from "@app/ui";
import { SESSION_IDLE_WARNING_SECONDS } from "@app/contract";
import { api, onServerActivity, unwrap } from "../../lib/api";
import { signOutNotice, useAuth } from "../../lib/auth";
import { timeLeft } from "../../features/auth/timeLeft";
import { paths } from "../../config/paths";

/** How often the user's own activity (keys, clicks, scrolling) is reported to the server at most. */
const KEEP_ALIVE_EVERY_MS = 60_000;

/**
 * The idle sign-out of the server (30 minutes by default), seen from the browser: activity on the
 * page keeps the session alive; two minutes before the end a dialog warns; at the end the app
 * signs out. The absolute 12-hour end is the server's and arrives as a 401.
 */
export function SessionTimeout() {
  const { session, clearSession } = useAuth();
  const navigate = useNavigate();
  const idleMs = (session?.idle_minutes ?? 30) * 60_000;
  const [idleEnd, setIdleEnd] = useState(() => (session ? Date.parse(session.idle_expires_at) : Date.now() + idleMs));
  const [now, setNow] = useState(() => Date.now());
  const lastKeepAlive = useRef(0);
  const pendingActivity = useRef(false);

  // Any answered call the server counted as activity moves the end (measured on this device's
  // clock from the answer, so a skewed server clock does not matter after the first call).
  useEffect(() => onServerActivity((at) => setIdleEnd(at + idleMs)), [idleMs]);
  useEffect(() => {
    if (session) setIdleEnd(Date.parse(session.idle_expires_at));
  }, [session]);

  const keepAlive = useCallback(async () => {
    lastKeepAlive.current = Date.now();
    pendingActivity.current = false;
    try {
      const info = await unwrap(api.auth.keepAlive());
      setIdleEnd(Date.now() + info.idle_minutes * 60_000);
    } catch {
      // A 401 signs out through the API client; anything else waits for the next activity.
    }
  }, []);

  const warningShown = idleEnd - now <= SESSION_IDLE_WARNING_SECONDS * 1000;

  // The person's activity: reported at most once a minute, never while the warning asks for a click.
  useEffect(() => {
    const onActivity = () => {
      if (warningShown) return;
      if (Date.now() - lastKeepAlive.current >= KEEP_ALIVE_EVERY_MS) void keepAlive();
      else pendingActivity.current = true;
    };
    const events = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
    };
  }, [keepAlive, warningShown]);

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      // Activity seen since the last report: report it once the minute is up.
      if (pendingActivity.current && Date.now() - lastKeepAlive.current >= KEEP_ALIVE_EVERY_MS) void keepAlive();
    }, 1000);
    return () => clearInterval(timer);
  }, [keepAlive]);

  const signedOut = useRef(false);
  useEffect(() => {
    if (now < idleEnd || signedOut.current) return;
    signedOut.current = true;
    // The server ends an idle session itself; ending it here too covers clocks that differ.
    void unwrap(api.auth.logout()).catch(() => undefined);
    signOutNotice.idleMinutes = idleMs / 60_000;
    clearSession();
    void navigate(paths.login, { replace: true });
  }, [now, idleEnd, clearSession, navigate, idleMs]);

  return (
    <Modal
      open={warningShown && now < idleEnd}
      onClose={() => void keepAlive()}
      title="Are you still there?"
      closeLabel="Stay signed in"
      footer={<Button onClick={() => void keepAlive()}>Stay signed in</Button>}
    >
      <p role="timer" aria-live="off">
        For your security you will be signed out in <strong>{timeLeft(idleEnd, now)}</strong> because there has been no activity.
      </p>
    </Modal>
  );
}
