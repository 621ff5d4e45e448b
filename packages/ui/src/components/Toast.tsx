import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { TOAST_DURATION_MS } from "../constants";
import { cx } from "../utils";

export type ToastType = "success" | "error" | "info";

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (message: string, type?: ToastType) => string;
  success: (message: string) => string;
  error: (message: string) => string;
  info: (message: string) => string;
  dismiss: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Lifetime of each toast in ms. Default 4000 (spec §9). */
  duration?: number;
  /** aria-label of each toast's close button. */
  dismissLabel?: string;
}

let nextToastId = 0;

/**
 * Holds the toasts and renders their container (always present, so screen readers pick up
 * additions): a polite `role="status"` region for success/info and an `aria-live="assertive"`
 * region (class `ui-toasts__region--assertive`) for errors. Each toast disappears after `duration` or via its close button.
 */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
  dismissLabel = "Dismiss notification",
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (message: string, type: ToastType = "info") => {
      nextToastId += 1;
      const id = `toast-${nextToastId}`;
      setToasts((list) => [...list, { id, message, type }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
      return id;
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      map.forEach((timer) => clearTimeout(timer));
      map.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message) => show(message, "success"),
      error: (message) => show(message, "error"),
      info: (message) => show(message, "info"),
      dismiss,
    }),
    [show, dismiss],
  );

  const polite = toasts.filter((t) => t.type !== "error");
  const urgent = toasts.filter((t) => t.type === "error");

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toasts">
        <div role="status" aria-live="polite" className="ui-toasts__region">
          {polite.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} dismissLabel={dismissLabel} />
          ))}
        </div>
        {/* No role="alert" here: an always-present empty alert would clash with the apps' own alerts. */}
        <div aria-live="assertive" className="ui-toasts__region ui-toasts__region--assertive">
          {urgent.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} dismissLabel={dismissLabel} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

const ICON_PATHS: Record<ToastType, string> = {
  success: "M5 12.5l4.5 4.5L19 7.5",
  error: "M12 7v6M12 16.5v.5",
  info: "M12 11v6M12 7.5v.5",
};

function ToastItem({ toast, onDismiss, dismissLabel }: { toast: Toast; onDismiss: (id: string) => void; dismissLabel: string }) {
  return (
    <div className={cx("ui-toast", `ui-toast--${toast.type}`)} data-toast-type={toast.type}>
      <svg className="ui-toast__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        {toast.type === "success" ? null : <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />}
        <path
          d={ICON_PATHS[toast.type]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="ui-toast__message">{toast.message}</p>
      <button type="button" className="ui-toast__close" aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

/** `{ success, error, info, show, dismiss }`; throws outside a ToastProvider. The object is stable across renders. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside a ToastProvider");
  return api;
}
