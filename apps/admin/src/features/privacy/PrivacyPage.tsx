import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, ConfirmDialog, TextField, useToast } from "@app/ui";
import { ErasureRequestSchema, type ErasureSummary } from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { usePageTitle } from "../../components/usePageTitle";
import "../../styles/account-pages.css";
import "./privacy.css";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the erasure erases and what it keeps, in the owner's words (decision 309). */
function SummaryList({ s }: { s: ErasureSummary }) {
  const erased = [
    s.orders > 0 &&
      `Contact details (e-mail, phone, address) on ${plural(s.orders, "booking", "bookings")}${s.booking_references.length ? ` (${s.booking_references.join(", ")})` : ""}`,
    s.learner_records > 0 &&
      `Learner form answers (contact details, emergency contact, adjustments, consents) of ${plural(s.learner_records, "learner record", "learner records")}`,
    s.learner_records_deleted > 0 &&
      `${plural(s.learner_records_deleted, "learner record", "learner records")} past the 3-year keep date, with ${plural(s.evidence_files_deleted, "evidence file", "evidence files")}`,
    s.messages > 0 && plural(s.messages, "contact message", "contact messages"),
    s.mails > 0 && `${plural(s.mails, "mail", "mails")} in the outbox`,
    s.reminders > 0 && `${plural(s.reminders, "reminder", "reminders")} not yet sent`,
    s.waiting_list_entries > 0 && plural(s.waiting_list_entries, "waiting-list entry", "waiting-list entries"),
  ].filter(Boolean) as string[];
  const kept = [
    s.orders - s.orders_anonymised > 0 && "The buyer's name and the amounts of each booking, for 6 years (financial records)",
    s.orders_anonymised > 0 && `${plural(s.orders_anonymised, "booking", "bookings")} older than 6 years keep only the amounts`,
    s.evidence_kept_until &&
      `Qualification evidence (ID check, first aid certificate, attendance, results) until ${s.evidence_kept_until}, then deleted automatically`,
  ].filter(Boolean) as string[];
  return (
    <div className="privacy-summary">
      <h3 className="privacy-summary__title">Erased</h3>
      {erased.length ? (
        <ul className="privacy-summary__list">
          {erased.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="security-card__text">Nothing is held for this e-mail address.</p>
      )}
      {kept.length > 0 && (
        <>
          <h3 className="privacy-summary__title">Kept, as the law requires</h3>
          <ul className="privacy-summary__list">
            {kept.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The owner's erasure on request: find what is held for an e-mail address, confirm, erase. */
export default function PrivacyPage() {
  usePageTitle("Personal data");
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<ErasureSummary | null>(null);
  const [done, setDone] = useState<ErasureSummary | null>(null);
  const [confirming, setConfirming] = useState(false);

  const check = useMutation({
    mutationFn: (address: string) => unwrap(api.privacy.erasurePreview({ body: { email: address } })),
    onSuccess: (s) => {
      setPreview(s);
      setDone(null);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const erase = useMutation({
    mutationFn: (address: string) => unwrap(api.privacy.erase({ body: { email: address, confirm: true } })),
    onSuccess: (s) => {
      setDone(s);
      setPreview(null);
      toast.success("Personal data erased");
    },
    onError: (e) => toast.error(errorMessage(e)),
    onSettled: () => setConfirming(false),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ErasureRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    check.mutate(parsed.data.email);
  }

  const nothing =
    preview !== null &&
    preview.orders +
      preview.learner_records +
      preview.learner_records_deleted +
      preview.messages +
      preview.mails +
      preview.waiting_list_entries ===
      0;

  return (
    <section className="admin-page security-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Personal data</h1>
          <p className="admin-page__subtitle">Erase a customer's or learner's personal data when they ask</p>
        </div>
      </header>

      <form className="admin-card security-card" onSubmit={submit} noValidate aria-labelledby="erasure-title">
        <h2 id="erasure-title" className="security-card__title">
          Erasure on request
        </h2>
        <p className="security-card__text">
          Enter the e-mail address they booked with or gave on their learner form. You see what would be erased and what must be
          kept before anything changes.
        </p>
        <div className="security-form">
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setPreview(null);
            }}
            error={error}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" loading={check.isPending} loadingLabel="Checking...">
            Check what is held
          </Button>
        </div>
      </form>

      {preview && (
        <div className="admin-card security-card privacy-card" aria-labelledby="preview-title">
          <h2 id="preview-title" className="security-card__title">
            Held for {preview.email}
          </h2>
          <SummaryList s={preview} />
          {!nothing && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Erase personal data
            </Button>
          )}
        </div>
      )}

      {done && (
        <div className="admin-card security-card privacy-card" role="status" aria-labelledby="done-title">
          <h2 id="done-title" className="security-card__title">
            Personal data erased
          </h2>
          <SummaryList s={done} />
          <p className="security-card__text">The erasure is recorded in the activity log, without the erased data.</p>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Erase personal data"
        message={`The personal data held for ${preview?.email ?? ""} will be erased now. This cannot be undone. Financial records and qualification evidence are kept as the law requires.`}
        confirmLabel="Erase"
        danger
        busy={erase.isPending}
        busyLabel="Erasing..."
        onConfirm={() => preview && erase.mutate(preview.email)}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
