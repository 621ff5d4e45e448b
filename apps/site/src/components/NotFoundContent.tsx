import { useNavigate } from "react-router";
import { Button, buttonClassName } from "@app/ui";
import { paths } from "../config/paths";
import type { SiteConfig } from "../config/site";
import { pageTitle } from "../lib/seo";
import type { PageMeta } from "../lib/seo";
import { Link } from "./Link";

/** Spec §2 not-found page: '404', the message, 'Go Back' (history back) and 'Go Home'. */
export function NotFoundContent() {
  const navigate = useNavigate();
  return (
    <section className="not-found ui-container" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        <span className="ui-visually-hidden">404. </span>Oops! The page you&apos;re looking for doesn&apos;t exist.
      </h1>
      <div className="not-found__actions">
        <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
          Go Back
        </Button>
        <Link to={paths.home} className={buttonClassName({ size: "lg" })}>
          Go Home
        </Link>
      </div>
    </section>
  );
}

/** Page header data of the not-found page (not indexed). */
export function notFoundMeta(config: SiteConfig, path: string): PageMeta {
  return {
    title: pageTitle("Page Not Found", config.provider),
    description: "Oops! The page you're looking for doesn't exist. Browse our SIA training courses or go back to the home page.",
    keywords: ["page not found"],
    path,
    breadcrumbs: [{ name: "Page Not Found", path }],
    robots: "noindex, follow",
  };
}
