import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import { Send, X } from "lucide-react";
import { useSiteConfig } from "../../config/site";
import { WhatsAppIcon } from "./SocialIcons";

/** Spec §2/§9: typing indicator for 2 seconds, then the greeting. */
export const CHAT_TYPING_MS = 2000;
export const CHAT_GREETING = "Hey there, Need help? Chat with us on WhatsApp.";

/** The chat link carrying the visitor's text (the messaging service's `text` parameter). */
export function chatLink(chatUrl: string, text: string): string {
  const url = new URL(chatUrl);
  url.searchParams.set("text", text);
  return url.toString();
}

/** What the floating button must never cover (booking on a phone): prices, totals and the main actions. */
export const KEEP_CLEAR_SELECTOR = ".ui-price, .ui-button--primary, .cart-totals, [data-keep-clear]";

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * True while a price, total or main action sits under the element (checked on scroll, resize and
 * page changes, once per frame): the button then steps aside instead of covering it.
 */
function useCoversSomething(ref: React.RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!active) {
      setCovers(false);
      return;
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      const box = el.getBoundingClientRect();
      const hit = [...document.querySelectorAll(KEEP_CLEAR_SELECTOR)].some(
        (t) => !el.contains(t) && overlaps(box, t.getBoundingClientRect()),
      );
      setCovers(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
    };
  }, [ref, active]);
  return covers;
}

/**
 * Floating chat box (spec §2): open/closed; a non-blank message opens the external chat with
 * the text, then the box clears and closes. Escape (focus in the box or on its toggle) closes it
 * and returns focus to its button.
 */
export function ChatBox() {
  const { provider } = useSiteConfig();
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(true);
  const [text, setText] = useState("");
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // The closed button hides while it would cover a price, a total or the main action.
  const covering = useCoversSomething(toggleRef, !open);

  useEffect(() => {
    if (!open) return;
    setTyping(true);
    inputRef.current?.focus();
    const timer = setTimeout(() => setTyping(false), CHAT_TYPING_MS);
    return () => clearTimeout(timer);
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function send(e: FormEvent) {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    window.open(chatLink(provider.chatUrl, message), "_blank", "noopener,noreferrer");
    setText("");
    close();
  }

  return (
    // Escape closes the box from anywhere in it: the panel and its toggle button alike.
    <div
      className={covering ? "chat chat--aside" : "chat"}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      {open ? (
        <div id={panelId} className="chat__panel" role="dialog" aria-label="Chat with us">
          <div className="chat__head">
            <span className="chat__avatar" aria-hidden="true">
              <WhatsAppIcon size={22} />
            </span>
            <div>
              <p className="chat__title">{provider.shortName} support</p>
              <p className="chat__subtitle">Usually replies within the hour</p>
            </div>
            <button type="button" className="chat__close" aria-label="Close chat" onClick={close}>
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <div className="chat__body" role="log" aria-live="polite">
            {typing ? (
              <p className="chat__bubble chat__typing" data-testid="chat-typing">
                <span className="ui-visually-hidden">Typing…</span>
                <span className="chat__dot" aria-hidden="true" />
                <span className="chat__dot" aria-hidden="true" />
                <span className="chat__dot" aria-hidden="true" />
              </p>
            ) : (
              <p className="chat__bubble">{CHAT_GREETING}</p>
            )}
          </div>
          <form className="chat__form" onSubmit={send}>
            <label htmlFor={`${panelId}-input`} className="ui-visually-hidden">
              Your message
            </label>
            <textarea
              ref={inputRef}
              id={`${panelId}-input`}
              className="chat__input"
              rows={2}
              placeholder="Type your message…"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) send(e);
              }}
            />
            <button type="submit" className="chat__send" aria-label="Send on WhatsApp">
              <Send size={20} aria-hidden="true" />
            </button>
          </form>
        </div>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="chat__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close chat" : "Chat with us on WhatsApp"}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <X size={26} aria-hidden="true" /> : <WhatsAppIcon size={28} />}
      </button>
    </div>
  );
}
