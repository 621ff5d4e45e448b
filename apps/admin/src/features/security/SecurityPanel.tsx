import { useState } from "react";
import type { FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Smartphone, LifeBuoy } from "lucide-react";
import { startRegistration } from "@simplewebauthn/browser";
import { Button, ConfirmDialog, ErrorState, TextField, useToast } from "@app/ui";
import { relativeTime as relativeTimeUi } from "@app/ui/format";

/** 'just now', '5 minutes ago': in the middle of a sentence. */
const relativeTime = (iso: string) => {
  const t = relativeTimeUi(iso);
  return t.charAt(0).toLowerCase() + t.slice(1);
};
import { api, queryKeys, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { LoadingNote } from "../../components/Loading";
import "../../styles/account-pages.css";

/** Ten recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const toast = useToast();
  return (
    <div className="admin-card security-card recovery-codes" role="region" aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="security-card__title">
        Your recovery codes
      </h2>
      <p className="security-card__text">
        Keep these somewhere safe (printed, or in a password manager). Each code signs you in once if you lose your phone or
        passkey. <strong>They are shown only now.</strong>
      </p>
      <ol className="recovery-codes__list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join("\n")).then(
              () => toast.success("Recovery codes copied"),
              () => toast.error("Could not copy: please write the codes down"),
            );
          }}
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}

type PendingTotp = { secret: string; qr_svg: string };

/**
 * The signed-in person's second factors: authenticator app (QR code and the secret as text),
 * passkeys, recovery codes. `onAdded` runs after a factor is added (and its codes dismissed).
 */
export function SecurityPanel({ onAdded }: { onAdded?: () => void | Promise<void> }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.security, queryFn: () => unwrap(api.account.security()) });
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState("");
  const [confirmRemove, setConfirmRemove] = useState<null | { kind: "totp" } | { kind: "passkey"; id: string; name: string }>(
    null,
  );

  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.security });

  async function added(newCodes: string[]) {
    await reload();
    if (newCodes.length) setCodes(newCodes);
    else await onAdded?.();
  }

  async function startTotp() {
    setBusy("totp");
    try {
      const answer = await unwrap(api.account.totpSetup());
      setPending({ secret: answer.secret, qr_svg: answer.qr_svg });
      setCode("");
      setCodeError(undefined);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function confirmTotp(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setCodeError("Enter the 6-digit code your app shows");
      return;
    }
    setBusy("confirm");
    try {
      const answer = await unwrap(api.account.totpConfirm({ body: { code: code.replace(/\s/g, "") } }));
      setPending(null);
      toast.success("Authenticator app added");
      await added(answer.recovery_codes);
    } catch (err) {
      setCodeError(err instanceof ApiError && err.body.issues?.[0] ? err.body.issues[0].message : errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function addPasskey() {
    setBusy("passkey");
    try {
      const options = await unwrap(api.account.passkeyOptions());
      const response = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"],
      });
      const answer = await unwrap(
        api.account.passkeyAdd({
          body: { name: passkeyName.trim() || undefined, response: response as unknown as Record<string, unknown> },
        }),
      );
      setPasskeyName("");
      toast.success("Passkey added");
      await added(answer.recovery_codes);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : "The passkey was not added. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function newCodes() {
    setBusy("codes");
    try {
      const answer = await unwrap(api.account.recoveryCodes());
      setCodes(answer.recovery_codes);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!confirmRemove) return;
    setBusy("remove");
    try {
      if (confirmRemove.kind === "totp") await unwrap(api.account.totpRemove());
      else await unwrap(api.account.passkeyRemove({ params: { id: confirmRemove.id } }));
      toast.success(confirmRemove.kind === "totp" ? "Authenticator app removed" : "Passkey removed");
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
      setConfirmRemove(null);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void onAdded?.();
        }}
      />
    );
  }
  if (status.isError)
    return (
      <ErrorState
        title="Your security settings could not be loaded"
        message={errorMessage(status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  if (status.isPending) return <LoadingNote label="Loading your security settings..." />;
  const s = status.data;
  const hasFactor = s.totp || s.passkeys.length > 0;

  return (
    <div className="security-panel">
      <div className="admin-card security-card">
        <div className="security-card__head">
          <h2 className="security-card__title">
            <Smartphone size={20} aria-hidden="true" /> Authenticator app
          </h2>
          <span className={s.totp ? "security-badge security-badge--on" : "security-badge"}>{s.totp ? "On" : "Not set up"}</span>
        </div>
        {pending ? (
          <form className="security-form" onSubmit={confirmTotp} noValidate>
            <p className="security-card__text">
              Scan this QR code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.
            </p>
            <img
              className="totp-qr"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(pending.qr_svg)}`}
              alt="QR code for the authenticator app"
              width={200}
              height={200}
            />
            <p className="security-card__text">
              Key:{" "}
              <code className="totp-secret" data-testid="totp-secret">
                {pending.secret}
              </code>
            </p>
            <TextField
              label="Code from the app"
              name="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(undefined);
              }}
              error={codeError}
            />
            <div className="security-actions">
              <Button type="submit" loading={busy === "confirm"} loadingLabel="Checking...">
                Turn on
              </Button>
              <Button variant="ghost" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : s.totp ? (
          <div className="security-actions">
            <Button variant="secondary" onClick={() => setConfirmRemove({ kind: "totp" })}>
              Remove app
            </Button>
          </div>
        ) : (
          <>
            <p className="security-card__text">
              A 6-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
            </p>
            <div className="security-actions">
              <Button onClick={startTotp} loading={busy === "totp"} loadingLabel="Preparing...">
                Add authenticator app
              </Button>
            </div>
          </>
        )}
      </div>

      <div className="admin-card security-card">
        <div className="security-card__head">
          <h2 className="security-card__title">
            <KeyRound size={20} aria-hidden="true" /> Passkeys
          </h2>
          <span className={s.passkeys.length ? "security-badge security-badge--on" : "security-badge"}>
            {s.passkeys.length ? `${s.passkeys.length} added` : "None"}
          </span>
        </div>
        {s.passkeys.length ? (
          <ul className="session-list" aria-label="Your passkeys">
            {s.passkeys.map((p) => (
              <li key={p.id} className="session-list__item">
                <KeyRound size={20} aria-hidden="true" className="session-list__icon" />
                <div className="session-list__text">
                  <strong>{p.name}</strong>
                  <span>
                    added {relativeTime(p.created_at)}
                    {p.last_used_at ? ` · last used ${relativeTime(p.last_used_at)}` : ""}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setConfirmRemove({ kind: "passkey", id: p.id, name: p.name })}
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="security-card__text">Sign in with your fingerprint, face or a security key instead of typing a code.</p>
        )}
        <div className="security-form security-form--inline">
          <TextField
            label="Passkey name (optional)"
            value={passkeyName}
            onChange={(e) => setPasskeyName(e.target.value)}
            placeholder="e.g. Office laptop"
            maxLength={60}
          />
          <Button onClick={addPasskey} loading={busy === "passkey"} loadingLabel="Waiting for the passkey...">
            Add a passkey
          </Button>
        </div>
      </div>

      <div className="admin-card security-card">
        <div className="security-card__head">
          <h2 className="security-card__title">
            <LifeBuoy size={20} aria-hidden="true" /> Recovery codes
          </h2>
          <span className="security-badge">{s.recovery_codes_left} left</span>
        </div>
        <p className="security-card__text">
          Single-use codes for when your phone or passkey is not to hand. Making new ones stops the old ones working.
        </p>
        <div className="security-actions">
          <Button
            variant="secondary"
            onClick={newCodes}
            disabled={!hasFactor}
            loading={busy === "codes"}
            loadingLabel="Making codes..."
          >
            Make new recovery codes
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmRemove !== null}
        title={confirmRemove?.kind === "totp" ? "Remove authenticator app" : "Remove passkey"}
        message={
          confirmRemove?.kind === "totp"
            ? "Codes from the app will no longer sign you in."
            : `“${confirmRemove?.kind === "passkey" ? confirmRemove.name : ""}” will no longer sign you in.`
        }
        confirmLabel="Remove"
        danger
        busy={busy === "remove"}
        busyLabel="Removing..."
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(null)}
      />
    </div>
  );
}
