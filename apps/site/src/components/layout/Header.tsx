import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ArrowRight, ExternalLink, Menu, Phone, X } from "lucide-react";
import type { CourseListItem } from "@app/contract";
import { paths } from "../../config/paths";
import { useCatalogue } from "../../lib/root-data";
import { useSiteConfig } from "../../config/site";
import { phoneText, telHref, placeName } from "../../config/provider";
import { dropdownCourses } from "../../lib/catalogue";
import { CartButton } from "./CartButton";
import { Logo } from "./Logo";
import { NavDropdown } from "./NavDropdown";
import { HydrateInTurn } from "../../lib/hydration-turns";
import { Link, NavLink } from "../Link";

function CourseLinks({ courses, onNavigate }: { courses: CourseListItem[]; onNavigate: () => void }) {
  return (
    <>
      <ul className="nav-dropdown__list">
        {courses.map((c) => (
          <li key={c.id}>
            <Link to={paths.course(c.slug)} className="nav-dropdown__link" onClick={onNavigate}>
              {c.title}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={paths.allCourses} className="nav-dropdown__all" onClick={onNavigate}>
        See all <ArrowRight size={16} aria-hidden="true" />
      </Link>
      <Link to={paths.courseFinder} className="nav-dropdown__all" onClick={onNavigate}>
        Which course do I need? <ArrowRight size={16} aria-hidden="true" />
      </Link>
    </>
  );
}

function ResourceLinks({ onNavigate }: { onNavigate: () => void }) {
  const { provider } = useSiteConfig();
  return (
    <ul className="nav-dropdown__list">
      <li>
        <a
          href={provider.resources.siaNews}
          className="nav-dropdown__link"
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
        >
          SIA News <ExternalLink size={14} aria-hidden="true" />
          <span className="ui-visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a
          href={provider.resources.siaCareers}
          className="nav-dropdown__link"
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
        >
          SIA Careers <ExternalLink size={14} aria-hidden="true" />
          <span className="ui-visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
    </ul>
  );
}

/** Spec §2 header: Home, Training, License, Resource, Shop (+ About and Contact, booking on a phone), the cart button, and a full-screen menu on phones. */
export function Header() {
  const courses = dropdownCourses(useCatalogue());
  const { provider } = useSiteConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // Any navigation closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    document.body.classList.add("menu-open");
    menuRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
      // Keep Tab inside the open menu (it covers the page).
      if (e.key === "Tab" && menuRef.current) {
        const focusable = Array.from(menuRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")).filter(
          (el) => el.offsetParent !== null,
        );
        const all = [toggleRef.current!, ...focusable];
        const first = all[0];
        const last = all[all.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.classList.remove("menu-open");
      document.removeEventListener("keydown", onKey);
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link nav-link--active" : "nav-link");

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="ui-container topbar__inner">
          <span>SIA-approved courses in {placeName(provider)}</span>
          <a href={telHref(provider.phone)} className="topbar__phone">
            <Phone size={14} aria-hidden="true" />
            {phoneText(` ${provider.phone}`)}
          </a>
        </div>
      </div>
      <div className="ui-container site-header__bar">
        <Logo />
        {/* The links and the phone menu hydrate in turns of their own (decision 257). */}
        <HydrateInTurn id="header-nav">
          <nav aria-label="Main" className="main-nav">
            <NavLink to={paths.home} end className={navClass}>
              Home
            </NavLink>
            <NavDropdown label="Training">{(done) => <CourseLinks courses={courses} onNavigate={done} />}</NavDropdown>
            <NavDropdown label="License">{(done) => <CourseLinks courses={courses} onNavigate={done} />}</NavDropdown>
            <NavDropdown label="Resource">{(done) => <ResourceLinks onNavigate={done} />}</NavDropdown>
            <NavLink to={paths.shop} className={navClass}>
              Shop
            </NavLink>
            <NavLink to={paths.about} className={navClass}>
              About
            </NavLink>
            <NavLink to={paths.contact} className={navClass}>
              Contact
            </NavLink>
          </nav>
        </HydrateInTurn>
        <div className="site-header__actions">
          <CartButton onNavigate={close} />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X size={26} aria-hidden="true" /> : <Menu size={26} aria-hidden="true" />}
          </button>
        </div>
      </div>
      <HydrateInTurn id="header-menu">
        <div id="mobile-menu" ref={menuRef} className="mobile-menu" hidden={!menuOpen}>
          <nav aria-label="Main menu" className="mobile-menu__nav">
            <NavLink to={paths.home} end className={navClass} onClick={close}>
              Home
            </NavLink>
            <details className="mobile-menu__group">
              <summary className="nav-link">Training</summary>
              <CourseLinks courses={courses} onNavigate={close} />
            </details>
            <details className="mobile-menu__group">
              <summary className="nav-link">License</summary>
              <CourseLinks courses={courses} onNavigate={close} />
            </details>
            <details className="mobile-menu__group">
              <summary className="nav-link">Resource</summary>
              <ResourceLinks onNavigate={close} />
            </details>
            <NavLink to={paths.shop} className={navClass} onClick={close}>
              Shop
            </NavLink>
            <NavLink to={paths.about} className={navClass} onClick={close}>
              About Us
            </NavLink>
            <NavLink to={paths.contact} className={navClass} onClick={close}>
              Contact Us
            </NavLink>
          </nav>
          <div className="mobile-menu__footer">
            <Link to={paths.allCourses} className="ui-button ui-button--primary ui-button--lg ui-button--full" onClick={close}>
              Book a Course
            </Link>
            <a href={telHref(provider.phone)} className="mobile-menu__phone">
              <Phone size={18} aria-hidden="true" />
              {phoneText(` Call ${provider.phone}`)}
            </a>
          </div>
        </div>
      </HydrateInTurn>
    </header>
  );
}
