import { useState } from "react";
import type { FormEvent } from "react";
import { Smartphone } from "lucide-react";
import { Button, TextField, useToast } from "@app/ui";
import { api, unwrap } from "../../lib/api";
import { ApiError, errorMessage } from "../../lib/errors";
import { SecurityCardHead } from "./SecurityCardHead";

type PendingTotp = { secret: string; qr_svg: string };

/**
 * The authenticator app: off (a button that starts the setup), being set up (QR code, the secret as
 * text and the code that turns it on) or on (a button that asks the panel to remove it).
 */
export function AuthenticatorAppCard({
  on,
  onAdded,
  onRemove,
}: {
  on: boolean;
  onAdded: (recoveryCodes: string[]) => Promise<void>;
  onRemove: () => void;
}) {
  const toast = useToast();
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState<"totp" | "confirm" | null>(null);

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
      await onAdded(answer.recovery_codes);
    } catch (err) {
      setCodeError(err instanceof ApiError && err.body.issues?.[0] ? err.body.issues[0].message : errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-card security-card">
      <SecurityCardHead icon={Smartphone} title="Authenticator app" badge={on ? "On" : "Not set up"} on={on} />
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
      ) : on ? (
        <div className="security-actions">
          <Button variant="secondary" onClick={onRemove}>
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
  );
}
