import { LifeBuoy } from "lucide-react";
import { Button, useToast } from "@app/ui";
import { SecurityCardHead } from "./SecurityCardHead";

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

/** How many recovery codes are left, and a button that replaces them (only once a second factor exists). */
export function RecoveryCodesCard({
  left,
  hasFactor,
  making,
  onMake,
}: {
  left: number;
  hasFactor: boolean;
  making: boolean;
  onMake: () => void;
}) {
  return (
    <div className="admin-card security-card">
      <SecurityCardHead icon={LifeBuoy} title="Recovery codes" badge={`${left} left`} />
      <p className="security-card__text">
        Single-use codes for when your phone or passkey is not to hand. Making new ones stops the old ones working.
      </p>
      <div className="security-actions">
        <Button variant="secondary" onClick={onMake} disabled={!hasFactor} loading={making} loadingLabel="Making codes...">
          Make new recovery codes
        </Button>
      </div>
    </div>
  );
}
