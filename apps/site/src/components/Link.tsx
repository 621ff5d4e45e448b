import { forwardRef } from "react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useHref, useLinkClickHandler, useLocation } from "react-router";

/**
 * The site's in-app links: an `<a href>` that navigates inside the app on a plain left click, as
 * react-router's `Link` does, without the parts of it the site never uses (prefetch links, view
 * transitions, route discovery, relative paths). Those pulled about 9 KB of script (2.5 KB
 * gzipped) into every page's first load; the phone budget of `/` is 60 KB (performance, decision 258).
 * Links to other sites are plain `<a>` elements, not these.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path inside the site (`paths.*`), with or without a query. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, target, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A handler that prevented the default keeps the browser and the router out of it.
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} ref={ref} onClick={handleClick} />;
});

export interface NavLinkProps extends Omit<LinkProps, "className"> {
  /** Only the path itself is active, not the paths below it (the home link). */
  end?: boolean;
  /** Class names for the link, given whether it names the page on screen. */
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A main-menu link: `aria-current="page"` and an active class when it names the page on screen. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end = false, className, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const target = to.split(/[?#]/)[0] || "/";
  const here = pathname.toLowerCase();
  const path = target.toLowerCase();
  const isActive = here === path || (!end && path !== "/" && here.startsWith(path.endsWith("/") ? path : `${path}/`));
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
});
