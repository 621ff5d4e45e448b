import { useEffect, useId, useRef } from "react";
import type { KeyboardEvent, ReactNode, RefObject } from "react";
import { createPortal } from "react-dom";
import { cx } from "../utils";
import { useIsClient } from "./useIsClient";

export type ModalSize = "sm" | "md" | "lg";

export interface ModalProps {
  open: boolean;
  /** Called on Escape, backdrop click and the cross button. */
  onClose: () => void;
  /** Dialog title; the dialog is labelled by it. */
  title: ReactNode;
  children?: ReactNode;
  /** Action row at the bottom (e.g. Cancel / Save buttons). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Element to focus on open; default: the first focusable element in the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** aria-label of the cross button. Default 'Close'. */
  closeLabel?: string;
  /** Set false to ignore backdrop clicks. Default true. */
  closeOnBackdrop?: boolean;
  className?: string;
}

const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "audio[controls]",
  "video[controls]",
  "[contenteditable]:not([contenteditable='false'])",
  "[tabindex]",
].join(",");

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest("[hidden],[inert]") && el.getAttribute("aria-hidden") !== "true",
  );
}

/**
 * Accessible modal dialog: portalled into document.body (client only), `role="dialog"`,
 * `aria-modal`, labelled by its title; closes on Escape, backdrop click and the 'Close' cross;
 * traps Tab focus while open and gives focus back to the element that opened it.
 * Renders nothing when closed (and nothing on the server).
 */
export function Modal(props: ModalProps) {
  const isClient = useIsClient();
  if (!props.open || !isClient) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  onClose,
  title,
  children,
  footer,
  size = "md",
  initialFocusRef,
  closeLabel = "Close",
  closeOnBackdrop = true,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Focus in on open; give focus back to the opener on close. Lock page scroll meanwhile.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target = initialFocusRef?.current ?? (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ?? dialog;
    target?.focus();

    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = "hidden";
    return () => {
      body.style.overflow = previousOverflow;
      if (opener && opener.isConnected) opener.focus();
    };
    // Runs once per opening: this component mounts when the dialog opens and unmounts when it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialFocusRef is read at opening only, on purpose
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      // Portal events bubble through the React tree: stop here so an outer dialog stays open.
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    event.stopPropagation();
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = focusableIn(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (!dialog.contains(active) || active === dialog) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="ui-modal" onKeyDown={onKeyDown}>
      <div className="ui-modal__backdrop" aria-hidden="true" onClick={closeOnBackdrop ? () => onCloseRef.current() : undefined} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx("ui-modal__dialog", `ui-modal__dialog--${size}`, className)}
      >
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button type="button" className="ui-modal__close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </div>
        <div ref={bodyRef} className="ui-modal__body">
          {children}
        </div>
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
