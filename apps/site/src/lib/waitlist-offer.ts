import { useEffect } from "react";

/**
 * A waiting-list offer taken from its mail link (waiting lists and reminders, decision 235): kept in local storage
 * so the checkout can fill in the person's details and the order can carry the offer's token
 * (`waitlist_offer`) and its places. Shared code (the offer route writes it; the cart reads it).
 * No zod here: this is part of the cart's first load.
 */
export interface StoredWaitlistOffer {
  token: string;
  courseId: number;
  courseDateId: number;
  places: number;
  name: string;
  email: string;
  phone: string;
  /** ISO time the held places pass to the next person. */
  expiresAt: string;
}

export const WAITLIST_OFFER_KEY = "waitlist-offer";

export function saveWaitlistOffer(offer: StoredWaitlistOffer): void {
  try {
    window.localStorage.setItem(WAITLIST_OFFER_KEY, JSON.stringify(offer));
  } catch {
    /* blocked storage: the checkout is simply not prefilled */
  }
}

/** The stored offer while it is still open; an expired or malformed one is forgotten. */
export function readWaitlistOffer(now = Date.now()): StoredWaitlistOffer | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(WAITLIST_OFFER_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredWaitlistOffer>;
    const ok =
      typeof v.token === "string" &&
      Number.isInteger(v.courseId) &&
      Number.isInteger(v.courseDateId) &&
      Number.isInteger(v.places) &&
      typeof v.name === "string" &&
      typeof v.email === "string" &&
      typeof v.phone === "string" &&
      typeof v.expiresAt === "string" &&
      Date.parse(v.expiresAt) > now;
    if (ok) return v as StoredWaitlistOffer;
  } catch {
    /* fall through: forget it */
  }
  try {
    window.localStorage.removeItem(WAITLIST_OFFER_KEY);
  } catch {
    /* nothing to forget */
  }
  return null;
}

/** 'Jo Anne Smith' → first 'Jo', last 'Anne Smith' (the checkout asks for both). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

type Prefill = { firstName: string; lastName: string; phoneNumber: string; email: string };

/**
 * Fills the checkout's empty fields from an open offer, once, after mount (local storage exists
 * only in the browser, so the server HTML and the first render agree).
 */
export function useWaitlistPrefill<T extends Prefill>(setValues: (update: (values: T) => T) => void): void {
  useEffect(() => {
    const offer = readWaitlistOffer();
    if (!offer) return;
    const wanted: Prefill = { ...splitName(offer.name), phoneNumber: offer.phone, email: offer.email };
    setValues((values) => {
      const next = { ...values };
      for (const key of Object.keys(wanted) as (keyof Prefill)[])
        if (!next[key] && wanted[key]) next[key] = wanted[key] as T[keyof Prefill];
      return next;
    });
  }, [setValues]);
}

type OrderLike = { courses: { selectedDate: number | string; quantity?: number; attendees?: unknown[] }[] };

/**
 * The order with the open offer's token, and the offered places on the offered date, when the
 * cart still holds that date. Otherwise the order as it was (a token that ran out would be
 * ignored by the API anyway). A line that names its attendees keeps its own places: the API
 * wants one name per place, and the customer chose both.
 */
export function withWaitlistOffer<T extends OrderLike>(order: T): T & { waitlist_offer?: string } {
  const offer = readWaitlistOffer();
  if (!offer || !order.courses.some((c) => c.selectedDate === offer.courseDateId)) return order;
  return {
    ...order,
    waitlist_offer: offer.token,
    courses: order.courses.map((c) =>
      c.selectedDate === offer.courseDateId && !c.attendees?.length
        ? { ...c, quantity: Math.max(c.quantity ?? 1, offer.places) }
        : c,
    ),
  };
}
