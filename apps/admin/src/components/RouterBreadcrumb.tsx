import { Link } from "react-router-dom";
import { Breadcrumb } from "@app/ui";
import type { BreadcrumbProps } from "@app/ui";

/** The shared breadcrumb with its links going through the router (no full page load). */
export function RouterBreadcrumb({ items }: { items: BreadcrumbProps["items"] }) {
  return (
    <Breadcrumb
      items={items}
      renderLink={({ href, label, className }) => (
        <Link to={href} className={className}>
          {label}
        </Link>
      )}
    />
  );
}
