import { useId, useRef, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import { cx } from "../utils";

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Item open at first (uncontrolled), e.g. FAQ question 2 or 'health-safety'. Default: none. */
  defaultOpenId?: string | null;
  /** Controlled open item (null = all closed). Use with onOpenChange. */
  openId?: string | null;
  onOpenChange?: (openId: string | null) => void;
  /** Level of the heading wrapping each trigger. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/**
 * Native disclosure widgets: each item is a `<details>` whose `<summary>` (keyboard and screen
 * reader support from the browser) holds the item's heading. One item open at a time (the shared
 * `name` does it natively, the state keeps it so where `name` is not supported); clicking the open
 * item closes it. ArrowUp/ArrowDown/Home/End move between the summaries. Closed items keep their
 * content in the HTML, so server-rendered text stays crawlable (and find-in-page opens it).
 */
export function Accordion({ items, defaultOpenId = null, openId, onOpenChange, headingLevel = 3, className }: AccordionProps) {
  const [innerOpenId, setInnerOpenId] = useState<string | null>(defaultOpenId);
  const current = openId !== undefined ? openId : innerOpenId;
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  /** The browser opened or closed an item (click, keyboard, find-in-page, or the group closing it). */
  function onToggle(id: string, isOpen: boolean) {
    if (isOpen ? current === id : current !== id) return;
    const next = isOpen ? id : null;
    if (openId === undefined) setInnerOpenId(next);
    onOpenChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const root = rootRef.current;
    if (!root) return;
    // Only this accordion's summaries, not those of an accordion nested in a panel.
    const triggers = Array.from(root.querySelectorAll<HTMLElement>(".ui-accordion__trigger")).filter(
      (el) => el.closest(".ui-accordion") === root,
    );
    const index = triggers.indexOf(event.currentTarget);
    if (index < 0 || triggers.length === 0) return;
    let target: HTMLElement | undefined;
    if (event.key === "ArrowDown") target = triggers[(index + 1) % triggers.length];
    else if (event.key === "ArrowUp") target = triggers[(index - 1 + triggers.length) % triggers.length];
    else if (event.key === "Home") target = triggers[0];
    else if (event.key === "End") target = triggers[triggers.length - 1];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  return (
    <div ref={rootRef} className={cx("ui-accordion", className)}>
      {items.map((item, index) => {
        const open = current === item.id;
        return (
          <details
            key={item.id}
            name={baseId}
            className={cx("ui-accordion__item", open && "ui-accordion__item--open")}
            open={open}
            onToggle={(event) => onToggle(item.id, event.currentTarget.open)}
          >
            <summary id={`${baseId}-trigger-${index}`} className="ui-accordion__trigger" onKeyDown={onKeyDown}>
              <Heading className="ui-accordion__heading">{item.title}</Heading>
              <svg className="ui-accordion__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M6 9l6 6 6-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.25"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </summary>
            <div className="ui-accordion__panel">{item.content}</div>
          </details>
        );
      })}
    </div>
  );
}
