import { useEffect, useId, useRef, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import { ChevronDown } from "lucide-react";

interface NavDropdownProps {
  label: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A header dropdown as a disclosure (button + list of links), which screen readers and
 * keyboards handle better than an ARIA menu for site navigation: Enter/Space/ArrowDown open it,
 * ArrowUp/ArrowDown move between its links, Escape closes it and returns focus to the button,
 * and it closes when focus or a click goes elsewhere.
 */
export function NavDropdown({ label, children }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>(".nav-dropdown__panel a") ?? []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => links()[0]?.focus());
      return;
    }
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === "ArrowDown" ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[index < 0 ? 0 : next]?.focus();
  }

  return (
    <div
      ref={rootRef}
      className={open ? "nav-dropdown nav-dropdown--open" : "nav-dropdown"}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link nav-dropdown__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
        <ChevronDown className="nav-dropdown__chevron" size={18} aria-hidden="true" />
      </button>
      <div id={id} className="nav-dropdown__panel" hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
