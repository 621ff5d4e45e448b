import { useEffect, useId, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { COURSE_TIMES } from "@app/contract";
import type { CourseTime } from "./trainingForm";

interface Props {
  value: CourseTime;
  onChange: (value: CourseTime) => void;
  disabled?: boolean;
}

/**
 * Spec §2: the time dropdown opens and closes on click, and choosing an option closes it.
 * A button + listbox popup (WAI-ARIA "select-only" pattern) rather than a native <select>,
 * whose open state a page cannot control. Keyboard: arrows move, Enter/Space choose, Escape closes.
 */
export function TimeSlotDropdown({ value, onChange, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => Math.max(0, COURSE_TIMES.indexOf(value)));
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;

  // A click anywhere else closes it, like a native select.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  function toggle() {
    setActive(Math.max(0, COURSE_TIMES.indexOf(value)));
    setOpen((o) => !o);
  }

  function choose(option: CourseTime) {
    onChange(option);
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    const last = COURSE_TIMES.length - 1;
    if (event.key === "ArrowDown") setActive((a) => Math.min(last, a + 1));
    else if (event.key === "ArrowUp") setActive((a) => Math.max(0, a - 1));
    else if (event.key === "Home") setActive(0);
    else if (event.key === "End") setActive(last);
    else if (event.key === "Enter" || event.key === " ") choose(COURSE_TIMES[active] ?? value);
    else if (event.key === "Escape" || event.key === "Tab") {
      setOpen(false);
      if (event.key === "Escape") buttonRef.current?.focus();
      return;
    } else return;
    event.preventDefault();
  }

  return (
    <div className="ui-field tr-time" ref={rootRef}>
      <span className="ui-field__label" id={labelId}>
        Time
      </span>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className="ui-input tr-time__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${id}-button`}
        disabled={disabled}
        onClick={toggle}
      >
        <span>{value}</span>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          className={open ? "tr-time__chevron tr-time__chevron--open" : "tr-time__chevron"}
        >
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.25"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={`${id}-opt-${active}`}
          className="tr-time__list"
          onKeyDown={onListKey}
        >
          {COURSE_TIMES.map((option, index) => (
            <li
              key={option}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={option === value}
              className={index === active ? "tr-time__option tr-time__option--active" : "tr-time__option"}
              onClick={() => choose(option)}
              onPointerMove={() => setActive(index)}
            >
              {option}
              {option === value ? (
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
