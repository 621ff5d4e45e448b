import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { afterHydrationTurns } from "../lib/hydration-turns";
import { MAX_PLACES_PER_ORDER } from "@app/rules";

/**
 * The cart (spec §3, §4): a list of courses, each with its chosen date, add-ons and number of
 * places (group and employer bookings, office booking tools), kept in the browser's local storage under
 * `cart`. Prices are integer pence and display only: the API prices every order from the database.
 * Shared code (not the cart feature's): the header's cart button and the course page read it too.
 *
 * This module is part of the site's first load (the header shows the count and total), so it
 * validates the stored value by hand instead of with zod.
 */

export interface CartAddon {
  id: number;
  name: string;
  pricePence: number;
}

export interface CartItem {
  /** Course id. */
  id: number;
  slug: string;
  title: string;
  /** Course fee plus the chosen add-ons for one place, in pence (the line costs this × quantity). */
  pricePence: number;
  /** Thumbnail path under the API host, or null. */
  image: string | null;
  /** Id of the chosen course date (sent to POST /api/enroll as `selectedDate`). */
  selectedDateId: number;
  /** Label of the chosen date, e.g. '12 - 14th Mar 2025'. */
  selectedDate: string;
  selectedAddons: CartAddon[];
  /** The chosen date's first and last day ('YYYY-MM-DD'; absent in carts saved by older versions). */
  startDate?: string;
  endDate?: string;
  /** Places booked on that date (1 when absent: carts saved before group bookings). */
  quantity?: number;
  /** Most places this line may hold: the date's places left when added, at most MAX_PLACES_PER_ORDER. */
  maxPlaces?: number;
  /** The questions the course asks each attendee at checkout (course finder and prerequisites; keys of the contract's PREREQUISITE_KEYS). */
  prerequisites?: string[];
}

/** Places of a line (1 for lines saved before group bookings). */
export const placesOf = (item: Pick<CartItem, "quantity">): number => item.quantity ?? 1;

/** What a line costs: the price of one place (fee and add-ons) × places. */
export const linePence = (item: Pick<CartItem, "pricePence" | "quantity">): number => item.pricePence * placesOf(item);

export interface CartApi {
  items: CartItem[];
  count: number;
  totalPence: number;
  /** False on the server and until local storage has been read in the browser. */
  hydrated: boolean;
  /** Adds the item; false (and nothing changes) when that course is already in the cart. */
  add: (item: CartItem) => boolean;
  remove: (id: number) => void;
  /** Sets a line's places (kept within 1 and the line's maximum). */
  setQuantity: (id: number, quantity: number) => void;
  clear: () => void;
  /** Replaces the whole cart (used to restore a cart after a cancelled payment). */
  replace: (items: CartItem[]) => void;
}

export const CART_STORAGE_KEY = "cart";
/** The copy of a cart kept while its order is being paid (features/cart/pending-cart.ts). */
export const PENDING_CART_STORAGE_KEY = "cart:pending";

/**
 * A cookie that tells the server this browser holds a cart or a held booking's copy (value `1`;
 * absent otherwise). Local storage never reaches the server, so without it /cart could only draw a
 * skeleton until the scripts ran; with it the server renders the empty cart for everyone who has
 * none, and the skeleton (never a flash of 'Your Cart is Empty') for everyone who has one
 * (docs/decisions/257). It carries nothing but that flag.
 */
export const CART_HINT_COOKIE = "cart_held";
const CART_HINT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Whether a Cookie header (or `document.cookie`) carries the cart flag. */
export function hasCartHint(cookies: string | null | undefined): boolean {
  if (!cookies) return false;
  return cookies.split(";").some((c) => c.trim() === `${CART_HINT_COOKIE}=1`);
}

/**
 * Writes the cart flag from what local storage holds now: set while there is a cart or a held
 * booking's copy, removed once neither is left. Storage that cannot be read holds nothing after a
 * reload either, so the flag is removed then too.
 */
export function syncCartHint(): void {
  if (typeof document === "undefined") return;
  const holds = parseStoredCart(readStorage(CART_STORAGE_KEY)).length > 0 || Boolean(readStorage(PENDING_CART_STORAGE_KEY));
  const attributes = `; Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  try {
    document.cookie = holds
      ? `${CART_HINT_COOKIE}=1; Max-Age=${CART_HINT_MAX_AGE_S}${attributes}`
      : `${CART_HINT_COOKIE}=; Max-Age=0${attributes}`;
  } catch {
    /* cookies blocked (sandboxed document): /cart shows its skeleton until the scripts run */
  }
}

const isPositiveInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;
const isPence = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readAddon(v: unknown): CartAddon | null {
  if (!isObject(v) || !isPositiveInt(v.id) || typeof v.name !== "string" || !isPence(v.pricePence)) return null;
  return { id: v.id, name: v.name, pricePence: v.pricePence };
}

/** One stored item, or null when it is not a well-formed cart item. */
export function readCartItem(v: unknown): CartItem | null {
  if (!isObject(v)) return null;
  const { id, slug, title, pricePence, image, selectedDateId, selectedDate, selectedAddons } = v;
  if (!isPositiveInt(id) || typeof slug !== "string" || typeof title !== "string" || !isPence(pricePence)) return null;
  if (!(image === null || typeof image === "string")) return null;
  if (!isPositiveInt(selectedDateId) || typeof selectedDate !== "string" || !Array.isArray(selectedAddons)) return null;
  const addons = selectedAddons.map(readAddon);
  if (addons.some((a) => a === null)) return null;
  const day = (x: unknown) => (typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x) ? x : undefined);
  const startDate = day(v.startDate);
  const endDate = day(v.endDate);
  // Both optional: a line without them is one place, as carts saved before group bookings.
  const maxPlaces = isPositiveInt(v.maxPlaces) ? Math.min(v.maxPlaces, MAX_PLACES_PER_ORDER) : undefined;
  const quantity = isPositiveInt(v.quantity) ? Math.min(v.quantity, maxPlaces ?? MAX_PLACES_PER_ORDER) : undefined;
  const asked = Array.isArray(v.prerequisites) ? v.prerequisites.filter((k): k is string => typeof k === "string") : [];
  return {
    id,
    slug,
    title,
    pricePence,
    image,
    selectedDateId,
    selectedDate,
    selectedAddons: addons as CartAddon[],
    ...(startDate ? { startDate, endDate: endDate ?? startDate } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(maxPlaces !== undefined ? { maxPlaces } : {}),
    ...(asked.length ? { prerequisites: asked } : {}),
  };
}

/**
 * Parses a stored cart. Unreadable JSON or anything but a list gives an empty cart (spec §4);
 * malformed entries (e.g. written by an older version of the site) are dropped, and a course
 * appearing twice keeps its first entry.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const entry of parsed) {
    const item = readCartItem(entry);
    if (item && !items.some((i) => i.id === item.id)) items.push(item);
  }
  return items;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy settings); the cart then lives for this page only.
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* quota or blocked storage: keep the in-memory cart */
  }
  syncCartHint();
}

const CartContext = createContext<CartApi | null>(null);

export function CartProvider({ children }: { children?: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [hydrated, setHydrated] = useState(false);
  // The latest list, so add() can answer synchronously whether the course was new.
  const itemsRef = useRef<CartItem[]>([]);

  const commit = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
    writeStorage(CART_STORAGE_KEY, JSON.stringify(next));
  }, []);

  // Local storage exists only in the browser: read it after hydration so the server HTML
  // (an empty cart) and the first client render agree.
  useEffect(() => {
    // After the page's last section has hydrated (decision 257): a section hydrating later with
    // the stored cart would not match the server's HTML, which was drawn with an empty one.
    let live = true;
    afterHydrationTurns(() => {
      if (!live) return;
      const stored = parseStoredCart(readStorage(CART_STORAGE_KEY));
      itemsRef.current = stored;
      setItems(stored);
      setHydrated(true);
      // Carts saved before the flag existed, or a flag the visitor cleared: set it from storage.
      syncCartHint();
    });

    // Another tab changed the cart: follow it.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== CART_STORAGE_KEY && e.key !== null) return;
      const next = parseStoredCart(e.key === null ? null : e.newValue);
      itemsRef.current = next;
      setItems(next);
    };
    window.addEventListener("storage", onStorage);
    return () => {
      live = false;
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  const add = useCallback(
    (item: CartItem) => {
      const checked = readCartItem(item);
      if (!checked || itemsRef.current.some((i) => i.id === item.id)) return false;
      commit([...itemsRef.current, checked]);
      return true;
    },
    [commit],
  );

  const remove = useCallback(
    (id: number) => {
      if (!itemsRef.current.some((i) => i.id === id)) return;
      commit(itemsRef.current.filter((i) => i.id !== id));
    },
    [commit],
  );

  const setQuantity = useCallback(
    (id: number, quantity: number) => {
      const current = itemsRef.current.find((i) => i.id === id);
      if (!current || !Number.isInteger(quantity)) return;
      const next = Math.max(1, Math.min(quantity, current.maxPlaces ?? MAX_PLACES_PER_ORDER));
      if (next === placesOf(current)) return;
      commit(itemsRef.current.map((i) => (i.id === id ? { ...i, quantity: next } : i)));
    },
    [commit],
  );

  const clear = useCallback(() => commit([]), [commit]);

  const replace = useCallback((next: CartItem[]) => commit(parseStoredCart(JSON.stringify(next))), [commit]);

  const api = useMemo<CartApi>(
    () => ({
      items,
      count: items.length,
      totalPence: items.reduce((sum, i) => sum + linePence(i), 0),
      hydrated,
      add,
      remove,
      setQuantity,
      clear,
      replace,
    }),
    [items, hydrated, add, remove, setQuantity, clear, replace],
  );

  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

/** The cart; throws outside a CartProvider. */
export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error("useCart must be used inside a CartProvider");
  return api;
}
