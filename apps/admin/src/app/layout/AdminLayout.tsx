import { useCallback, useEffect, useRef, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router-dom";
import { ChevronsLeft, ChevronsRight, LogOut, Menu, ShieldCheck, X } from "lucide-react";
import { cx, useToast } from "@app/ui";
import { initials, useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { NAV_ITEMS } from "./nav";
import { SessionTimeout } from "./SessionTimeout";
import { can, SCREEN_ROLES } from "../../config/roles";
import type { NavItem } from "./nav";
import { NotificationBell } from "./NotificationBell";
import { AlertBanner } from "./AlertBanner";

const COLLAPSED_KEY = "admin.sidebar.collapsed";
const DESKTOP_QUERY = "(min-width: 768px)";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
}

function useIsDesktop(): boolean {
  const [desktop, setDesktop] = useState(() => window.matchMedia(DESKTOP_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => setDesktop(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return desktop;
}

function isActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return (item.alsoActive ?? []).some((prefix) => pathname.startsWith(prefix));
}

/**
 * The portal frame (spec §2): a side bar of 280 px that collapses to 80 px on desktop, a slide-in
 * drawer under 768 px, the signed-in user at the bottom, Logout, and the notification bell.
 */
export function AdminLayout() {
  const { user, logout, role } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const desktop = useIsDesktop();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  const narrow = desktop && collapsed;

  useEffect(() => {
    try {
      window.localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
    } catch {
      // Private mode: the choice just isn't remembered.
    }
  }, [collapsed]);

  // The drawer closes on navigation and when the window grows to desktop width.
  useEffect(() => setDrawerOpen(false), [pathname, desktop]);

  const returnFocus = useRef(false);
  const closeDrawer = useCallback(() => {
    returnFocus.current = true;
    setDrawerOpen(false);
  }, []);

  // Focus goes back to the menu button once the page is no longer inert (after the render).
  useEffect(() => {
    if (!drawerOpen && returnFocus.current) {
      returnFocus.current = false;
      menuButtonRef.current?.focus();
    }
  }, [drawerOpen]);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeDrawer();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen, closeDrawer]);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoggingOut(false);
      void navigate(paths.login, { replace: true });
    }
  }

  const drawerMode = !desktop;
  const sidebarHidden = drawerMode && !drawerOpen;

  return (
    <div className={cx("admin-shell", narrow && "admin-shell--collapsed")}>
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      {drawerMode && drawerOpen ? <div className="admin-drawer-backdrop" aria-hidden="true" onClick={closeDrawer} /> : null}
      <aside
        ref={drawerRef}
        id="admin-sidebar"
        className={cx("admin-sidebar", "ui-on-dark", drawerMode && "admin-sidebar--drawer", drawerOpen && "admin-sidebar--open")}
        aria-label="Admin menu"
        inert={sidebarHidden || undefined}
      >
        <div className="admin-sidebar__brand">
          <ShieldCheck className="admin-sidebar__logo" aria-hidden="true" size={28} />
          <span className="admin-sidebar__brand-text">Admin Portal</span>
          {drawerMode ? (
            <button type="button" className="admin-iconbtn admin-sidebar__close" aria-label="Close menu" onClick={closeDrawer}>
              <X size={22} aria-hidden="true" />
            </button>
          ) : (
            <button
              type="button"
              className="admin-iconbtn admin-sidebar__toggle"
              aria-label={collapsed ? "Expand side bar" : "Collapse side bar"}
              aria-expanded={!collapsed}
              aria-controls="admin-sidebar"
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? <ChevronsRight size={20} aria-hidden="true" /> : <ChevronsLeft size={20} aria-hidden="true" />}
            </button>
          )}
        </div>
        <nav className="admin-nav" aria-label="Main">
          <ul>
            {NAV_ITEMS.filter((item) => can(role, item.roles)).map((item) => {
              const Icon = item.icon;
              const active = isActive(item, pathname);
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={cx("admin-nav__link", active && "admin-nav__link--active")}
                    aria-current={active ? "page" : undefined}
                    title={narrow ? item.label : undefined}
                  >
                    <Icon size={20} aria-hidden="true" className="admin-nav__icon" />
                    <span className={cx("admin-nav__label", narrow && "ui-visually-hidden")}>{item.label}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <div className="admin-user" title={narrow ? `${user?.name ?? ""} (${user?.email ?? ""})` : undefined}>
            <span className="admin-user__avatar" aria-hidden="true">
              {initials(user?.name)}
            </span>
            <span className={cx("admin-user__text", narrow && "ui-visually-hidden")}>
              <span className="admin-user__name">{user?.name}</span>
              <span className="admin-user__email">{user?.email}</span>
            </span>
          </div>
          <button
            type="button"
            className="admin-nav__link admin-logout"
            onClick={onLogout}
            disabled={loggingOut}
            title={narrow ? "Logout" : undefined}
          >
            <LogOut size={20} aria-hidden="true" className="admin-nav__icon" />
            <span className={cx("admin-nav__label", narrow && "ui-visually-hidden")}>
              {loggingOut ? "Logging out..." : "Logout"}
            </span>
          </button>
        </div>
      </aside>
      <div className="admin-main" inert={(drawerMode && drawerOpen) || undefined}>
        <header className="admin-topbar">
          {drawerMode ? (
            <button
              ref={menuButtonRef}
              type="button"
              className="admin-iconbtn admin-topbar__menu"
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              aria-controls="admin-sidebar"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu size={24} aria-hidden="true" />
            </button>
          ) : null}
          <span className="admin-topbar__title">{drawerMode ? "Admin Portal" : null}</span>
          {can(role, SCREEN_ROLES.office) ? <NotificationBell /> : null}
        </header>
        {can(role, SCREEN_ROLES.office) ? <AlertBanner /> : null}
        <main id="admin-main" className="admin-content" tabIndex={-1}>
          <Outlet />
        </main>
        <SessionTimeout />
      </div>
    </div>
  );
}
