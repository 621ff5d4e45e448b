import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog, ErrorState, useToast } from "@app/ui";
import { api, queryKeys, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { LoadingNote } from "../../components/Loading";
import { AuthenticatorAppCard } from "./AuthenticatorAppCard";
import { PasskeysCard } from "./PasskeysCard";
import { RecoveryCodes, RecoveryCodesCard } from "./RecoveryCodes";
import "../../styles/account-pages.css";

type Removal = { kind: "totp" } | { kind: "passkey"; id: string; name: string };

/**
 * The signed-in person's second factors: authenticator app (QR code and the secret as text),
 * passkeys, recovery codes. `onAdded` runs after a factor is added (and its codes dismissed).
 */
export function SecurityPanel({ onAdded }: { onAdded?: () => void | Promise<void> }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.security, queryFn: () => unwrap(api.account.security()) });
  const [busy, setBusy] = useState<"codes" | "remove" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<Removal | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.security });

  async function added(newCodes: string[]) {
    await reload();
    if (newCodes.length) setCodes(newCodes);
    else await onAdded?.();
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
      <AuthenticatorAppCard on={s.totp} onAdded={added} onRemove={() => setConfirmRemove({ kind: "totp" })} />
      <PasskeysCard
        passkeys={s.passkeys}
        onAdded={added}
        onRemove={(p) => setConfirmRemove({ kind: "passkey", id: p.id, name: p.name })}
      />
      <RecoveryCodesCard
        left={s.recovery_codes_left}
        hasFactor={hasFactor}
        making={busy === "codes"}
        onMake={() => void newCodes()}
      />

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
