/** The booking page's notes: the office's notes so far and the form to add one. */
import { useState } from "react";
import type { FormEvent } from "react";
import { Button, TextAreaField, useToast } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { errorMessage } from "../../lib/errors";
import { newIdempotencyKey, useAddNote } from "./api";
import { BookingSection as Section } from "./BookingSection";
import { stamp } from "./format";

export function BookingNotesSection({ booking }: { booking: BookingDetail }) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const add = useAddNote(booking.id, {
    onSuccess: () => {
      setText("");
      setKey(newIdempotencyKey());
      toast.success("Note added");
    },
    onError: (e) => setError(errorMessage(e)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Write a note");
      return;
    }
    setError(null);
    add.mutate({ text: text.trim(), idempotency_key: key });
  }

  return (
    <Section id="bk-notes" title={`Notes (${booking.notes.length})`}>
      {booking.notes.length === 0 ? (
        <p className="ui-muted">No notes yet</p>
      ) : (
        <ul className="bk-timeline bk-notes">
          {booking.notes.map((n) => (
            <li key={n.id}>
              <span className="bk-note-text">{n.text}</span>
              <span className="bk-timeline__when">
                {n.author_name} · {stamp(n.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="bk-dialog" onSubmit={submit} noValidate>
        <TextAreaField
          label="Add a note"
          hint="Seen by the office only."
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // A changed text is another note: a new key, so it is not taken for a retry.
            setKey(newIdempotencyKey());
          }}
          error={error ?? undefined}
        />
        <div className="bk-form__actions">
          <Button type="submit" loading={add.isPending} loadingLabel="Saving...">
            Add note
          </Button>
        </div>
      </form>
    </Section>
  );
}
