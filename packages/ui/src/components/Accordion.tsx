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
 * One item open at a time; clicking the open item closes it. Triggers are buttons with
 * aria-expanded/aria-controls inside headings; ArrowUp/ArrowDown/Home/End move between them.
 * Closed panels stay in the HTML (hidden), so server-rendered content remains crawlable.
 */
export function Accordion({ items, defaultOpenId = null, openId, onOpenChange, headingLevel = 3, className }: AccordionProps) {
  const [innerOpenId, setInnerOpenId] = useState<string | null>(defaultOpenId);
  const current = openId !== undefined ? openId : innerOpenId;
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  function toggle(id: string) {
    const next = current === id ? null : id;
    if (openId === undefined) setInnerOpenId(next);
    onOpenChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const root = rootRef.current;
    if (!root) return;
    // Only this accordion's triggers, not those of an accordion nested in a panel.
    const triggers = Array.from(root.querySelectorAll<HTMLButtonElement>(".ui-accordion__trigger")).filter((el) => el.closest(".ui-accordion") === root);
    const index = triggers.indexOf(event.currentTarget);
    if (index < 0 || triggers.length === 0) return;
    let target: HTMLButtonElement | undefined;
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
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.id} className={cx("ui-accordion__item", open && "ui-accordion__item--open")}>
            <Heading className="ui-accordion__heading">
              <button
                type="button"
                id={triggerId}
                className="ui-accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={onKeyDown}
              >
                <span className="ui-accordion__title">{item.title}</span>
                <svg className="ui-accordion__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={triggerId} className="ui-accordion__panel" hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
