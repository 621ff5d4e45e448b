import { useState } from "react";
import { KeyRound } from "lucide-react";
import { startRegistration } from "@simplewebauthn/browser";
import type { Passkey } from "@app/contract";
import { Button, TextField, useToast } from "@app/ui";
import { relativeTime as relativeTimeUi } from "@app/ui/format";
import { api, unwrap } from "../../lib/api";
import { ApiError } from "../../lib/errors";
import { SecurityCardHead } from "./SecurityCardHead";

/** 'just now', '5 minutes ago': in the middle of a sentence. */
const relativeTime = (iso: string) => {
  const t = relativeTimeUi(iso);
  return t.charAt(0).toLowerCase() + t.slice(1);
};

/** The person's passkeys (each removable through the panel) and the browser ceremony that adds one. */
export function PasskeysCard({
  passkeys,
  onAdded,
  onRemove,
}: {
  passkeys: readonly Passkey[];
  onAdded: (recoveryCodes: string[]) => Promise<void>;
  onRemove: (passkey: Passkey) => void;
}) {
  const toast = useToast();
  const [passkeyName, setPasskeyName] = useState("");
  const [adding, setAdding] = useState(false);

  async function addPasskey() {
    setAdding(true);
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
      await onAdded(answer.recovery_codes);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : "The passkey was not added. Please try again.");
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="admin-card security-card">
      <SecurityCardHead
        icon={KeyRound}
        title="Passkeys"
        badge={passkeys.length ? `${passkeys.length} added` : "None"}
        on={passkeys.length > 0}
      />
      {passkeys.length ? (
        <ul className="session-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="session-list__item">
              <KeyRound size={20} aria-hidden="true" className="session-list__icon" />
              <div className="session-list__text">
                <strong>{p.name}</strong>
                <span>
                  added {relativeTime(p.created_at)}
                  {p.last_used_at ? ` · last used ${relativeTime(p.last_used_at)}` : ""}
                </span>
              </div>
              <Button variant="ghost" size="sm" onClick={() => onRemove(p)} aria-label={`Remove ${p.name}`}>
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
        <Button onClick={addPasskey} loading={adding} loadingLabel="Waiting for the passkey...">
          Add a passkey
        </Button>
      </div>
    </div>
  );
}
