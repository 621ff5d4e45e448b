import type { ReactNode } from "react";
import { Breadcrumb } from "@app/ui";
import type { BreadcrumbItem } from "@app/ui";
import { Link } from "./Link";

/** The navy band at the top of inner pages: breadcrumb, the page's one h1, a subtitle. */
export function PageHero({
  crumbs,
  title,
  subtitle,
  children,
}: {
  crumbs?: BreadcrumbItem[];
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-hero ui-on-dark">
      <div className="ui-container page-hero__inner">
        {crumbs ? (
          <Breadcrumb
            className="page-hero__crumbs"
            items={crumbs}
            renderLink={({ href, label, className }) => (
              <Link to={href} className={className}>
                {label}
              </Link>
            )}
          />
        ) : null}
        <h1 className="page-hero__title">{title}</h1>
        {subtitle ? <p className="page-hero__subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
