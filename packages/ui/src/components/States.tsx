import type { ReactNode } from "react";
import { cx } from "../utils";
import { Button } from "./Button";

export interface ErrorStateProps {
  /** Heading of the panel. Default 'Something went wrong'. */
  title?: ReactNode;
  /** What failed, e.g. the error's message. */
  message?: ReactNode;
  /** Shows a 'Try again' button calling this. */
  onRetry?: () => void;
  retryLabel?: ReactNode;
  /** True while the retry is running (button shows a spinner). */
  retrying?: boolean;
  className?: string;
}

/** A visible error panel for failed loads, with a retry button. */
export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  retryLabel = "Try again",
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div className={cx("ui-state", "ui-state--error", className)}>
      <svg className="ui-state__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="ui-state__title">{title}</p>
      {message ? <p className="ui-state__text">{message}</p> : null}
      {onRetry ? (
        <div className="ui-state__action">
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export interface EmptyStateProps {
  /** e.g. 'No courses available', 'No saved items yet'. */
  title: ReactNode;
  text?: ReactNode;
  /** e.g. a ButtonLink 'Add Your First Item'. */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** A calm placeholder for empty lists. */
export function EmptyState({ title, text, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx("ui-state", "ui-state--empty", className)}>
      {icon ? (
        <div className="ui-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="ui-state__title">{title}</p>
      {text ? <p className="ui-state__text">{text}</p> : null}
      {action ? <div className="ui-state__action">{action}</div> : null}
    </div>
  );
}
