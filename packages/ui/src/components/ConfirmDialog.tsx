import { useRef } from "react";
import type { ReactNode } from "react";
import { Button } from "./Button";
import { Modal } from "./Modal";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  /** Called by Cancel, Escape, backdrop and the cross (ignored while busy). */
  onCancel: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** While true both buttons are disabled and the confirm button shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** Red confirm button for destructive actions (delete). */
  danger?: boolean;
}

/** A Modal asking to confirm an action, e.g. 'Delete Training'. Focus starts on Cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  busy = false,
  busyLabel = "Please wait ...",
  danger = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
      className="ui-confirm"
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="ui-confirm__message">{message}</div>
    </Modal>
  );
}
