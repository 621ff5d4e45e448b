import type { ReactNode } from "react";
import { cx } from "../utils";

export interface BreadcrumbItem {
  label: string;
  href?: string;
}

export interface BreadcrumbLinkArgs {
  href: string;
  label: string;
  className: string;
}

export interface BreadcrumbProps {
  items: readonly BreadcrumbItem[];
  /** Render links with the router, e.g. `({ href, label, className }) => <Link to={href} className={className}>{label}</Link>`. Default: `<a>`. */
  renderLink?: (args: BreadcrumbLinkArgs) => ReactNode;
  className?: string;
}

/** `<nav aria-label="Breadcrumb">` with an ordered list; the last item is the current page (no link). */
export function Breadcrumb({ items, renderLink, className }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className={cx("ui-breadcrumb", className)}>
      <ol className="ui-breadcrumb__list">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          let content: ReactNode;
          if (last) {
            content = (
              <span className="ui-breadcrumb__current" aria-current="page">
                {item.label}
              </span>
            );
          } else if (item.href !== undefined) {
            const args = { href: item.href, label: item.label, className: "ui-breadcrumb__link" };
            content = renderLink ? (
              renderLink(args)
            ) : (
              <a href={args.href} className={args.className}>
                {args.label}
              </a>
            );
          } else {
            content = <span className="ui-breadcrumb__text">{item.label}</span>;
          }
          return (
            <li key={`${index}-${item.label}`} className="ui-breadcrumb__item">
              {content}
              {last ? null : (
                <span className="ui-breadcrumb__separator" aria-hidden="true">
                  ›
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
