import type { FormEvent, ReactNode } from "react";
import { Button } from "@app/ui";
import type { BookingDetail } from "@app/contract";

/** Called when an action succeeded: the words the page shows and the booking as it is now. */
export type DoneHandler = (message: string, booking: BookingDetail) => void;

export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="bk-result bk-result--error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The form inside a Modal: Cancel and a submit button in the footer's place, so Enter submits. */
export function DialogForm({
  onSubmit,
  onClose,
  busy,
  submitLabel,
  busyLabel,
  danger,
  children,
  disabled,
}: {
  onSubmit: () => void;
  onClose: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form className="bk-dialog" onSubmit={submit} noValidate>
      {children}
      <div className="bk-form__actions">
        <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant={danger ? "danger" : "primary"} loading={busy} loadingLabel={busyLabel} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
