import { useNavigate } from "react-router-dom";
import { ShieldCheck } from "lucide-react";
import { Button } from "@app/ui";
import { useAuth } from "../../lib/auth";
import { usePageTitle } from "../../components/usePageTitle";
import { homeFor } from "../../config/roles";
import { SecurityPanel } from "./SecurityPanel";

/**
 * Right after the password when the portal requires a second factor and this account has none:
 * nothing else opens until one is set up.
 */
export default function SecuritySetupPage() {
  usePageTitle("Set up a second factor");
  const { user, role, refresh, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <main className="admin-fullscreen security-setup">
      <div className="security-setup__inner">
        <ShieldCheck size={40} aria-hidden="true" className="security-setup__icon" />
        <h1 className="admin-page__title">Set up a second factor</h1>
        <p className="admin-page__subtitle">
          The Admin Portal holds customers' personal data and payments, so every account needs a second factor. Add an
          authenticator app or a passkey for <strong>{user?.email}</strong> to continue.
        </p>
        <SecurityPanel
          onAdded={async () => {
            await refresh();
            void navigate(homeFor(role), { replace: true });
          }}
        />
        <Button variant="ghost" onClick={() => void logout()}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
