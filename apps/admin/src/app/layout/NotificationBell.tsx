import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Bell, BookOpen, MessageSquare } from "lucide-react";
import { cx, Spinner } from "@app/ui";
import { clockTime, relativeTime } from "@app/ui/format";
import type { Notification } from "@app/contract";
import { api, PASSIVE, queryKeys, unwrap } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";

const POLL_MS = 60_000;

/**
 * The bell lists what is new since the administrator last looked: new contact messages and
 * new paid bookings (DESIGN.md fixes the original's always-empty bell). Opening the list tells
 * the API it was seen; the items stay marked "New" until the list is closed.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const query = useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => unwrap(api.admin.notifications({ extraHeaders: PASSIVE })),
    refetchInterval: open ? false : POLL_MS,
  });

  const seen = useMutation({
    mutationFn: () => unwrap(api.admin.notificationsSeen()),
  });

  const unread = query.data?.unread ?? 0;

  function toggle() {
    if (open) {
      close(false);
      return;
    }
    setOpen(true);
    if (unread > 0) seen.mutate();
  }

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
      // Now that the list was seen, fetch it again: the badge goes and the items lose "New".
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    [queryClient],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  const label = unread > 0 ? `Notifications, ${unread} new` : "Notifications";

  return (
    <div className="admin-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="admin-iconbtn admin-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Bell size={22} aria-hidden="true" />
        {unread > 0 ? (
          <span className="admin-bell__badge" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="admin-bell__panel" role="region" aria-label="Notifications">
          <div className="admin-bell__header">
            <h2 className="admin-bell__title">Notifications</h2>
          </div>
          {query.isPending ? (
            <div className="admin-bell__state">
              <Spinner label="Loading notifications" />
            </div>
          ) : query.isError ? (
            <p className="admin-bell__state admin-bell__state--error" role="alert">
              {errorMessage(query.error)}{" "}
              <button type="button" className="admin-linkbtn" onClick={() => void query.refetch()}>
                Try again
              </button>
            </p>
          ) : query.data.items.length === 0 ? (
            <p className="admin-bell__state">No notifications yet</p>
          ) : (
            <ul className="admin-bell__list">
              {query.data.items.map((n) => (
                <NotificationRow key={n.id} item={n} onNavigate={() => close(false)} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Where a notification leads: a message to the messages screen, a booking to its own page. The
 * API names a booking's notification `booking-<order id>` (admin service), so the id is read from
 * there; anything else falls back to the bookings list.
 */
export function notificationTarget(item: Pick<Notification, "id" | "kind">): string {
  if (item.kind === "message") return paths.messages;
  // Alerts (decision 296), payment pages among them (decision 313), open the status page.
  if (item.kind === "alert") return paths.status;
  const match = /^booking-(\d+)$/.exec(item.id);
  return match ? paths.booking(match[1]!) : paths.enrolments;
}

function NotificationRow({ item, onNavigate }: { item: Notification; onNavigate: () => void }) {
  const Icon = item.kind === "message" ? MessageSquare : item.kind === "alert" ? AlertTriangle : BookOpen;
  const to = notificationTarget(item);
  return (
    <li>
      <Link to={to} className={cx("admin-bell__item", !item.read && "admin-bell__item--new")} onClick={onNavigate}>
        <span className={cx("admin-bell__icon", `admin-bell__icon--${item.kind}`)} aria-hidden="true">
          <Icon size={18} />
        </span>
        <span className="admin-bell__text">
          <span className="admin-bell__item-title">
            {item.title}
            {!item.read ? <span className="admin-bell__new">New</span> : null}
          </span>
          <span className="admin-bell__message">{item.message}</span>
          <span className="admin-bell__time">
            {relativeTime(item.time)} · {clockTime(item.time)}
          </span>
        </span>
      </Link>
    </li>
  );
}
