import { usePageTitle } from "../../components/usePageTitle";
import { SecurityPanel } from "./SecurityPanel";

/** Second factors of the signed-in person. */
export default function SecurityPage() {
  usePageTitle("Second factor");
  return (
    <section className="admin-page security-page">
      <header className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Second factor</h1>
          <p className="admin-page__subtitle">
            After your password, sign-in asks for a code from your authenticator app or a passkey.
          </p>
        </div>
      </header>
      <SecurityPanel />
    </section>
  );
}
