import { Link } from "react-router-dom";
import { buttonClassName } from "@app/ui";
import { paths } from "../config/paths";

export default function NotFoundPage() {
  return (
    <section className="admin-page admin-notfound">
      <h1 className="admin-page__title">404</h1>
      <p className="admin-page__subtitle">Oops! The page you're looking for doesn't exist.</p>
      <Link className={buttonClassName({ variant: "primary" })} to={paths.dashboard}>
        Go to Dashboard
      </Link>
    </section>
  );
}
