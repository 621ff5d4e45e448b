import { formatDateRangeWithWeekday } from "@app/contract/dates";
import type { CartItem } from "../../stores/cart";

/**
 * Warnings (never blocks) about a cart that probably holds a mistake: a course booked again as
 * another course's add-on (e.g. the Emergency First Aid at Work course and the EFAW add-on), or
 * two courses whose dates overlap (one person cannot attend both).
 */
export interface CartWarning {
  kind: "duplicate-qualification" | "overlap";
  message: string;
}

/** The qualification a course title or add-on name stands for, or null when it names none we know. */
export function qualificationOf(text: string): string | null {
  const t = text.toLowerCase();
  if (/\bfrec\b|first aid for close protection/.test(t)) return "frec";
  if (/\befaw\b|emergency first aid|first aid at work/.test(t)) return "efaw";
  if (/first aid/.test(t)) return "first aid";
  if (/conflict management/.test(t)) return "conflict management";
  if (/physical intervention/.test(t)) return "physical intervention";
  return null;
}

const overlaps = (a: CartItem, b: CartItem) =>
  !!(a.startDate && b.startDate && a.startDate <= (b.endDate ?? b.startDate) && b.startDate <= (a.endDate ?? a.startDate));

const dates = (i: CartItem) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.selectedDate);

export function cartWarnings(items: readonly CartItem[]): CartWarning[] {
  const out: CartWarning[] = [];
  for (const course of items) {
    const q = qualificationOf(course.title);
    if (!q) continue;
    for (const other of items) {
      if (other === course) continue;
      for (const addon of other.selectedAddons) {
        if (qualificationOf(addon.name) === q) {
          out.push({
            kind: "duplicate-qualification",
            message: `Your cart has the ${course.title} course and the add-on "${addon.name}" with ${other.title}: that is the same qualification twice. Remove one unless you mean to book both.`,
          });
        }
      }
    }
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      if (overlaps(a, b)) {
        out.push({
          kind: "overlap",
          message: `The dates of ${a.title} (${dates(a)}) and ${b.title} (${dates(b)}) overlap: one person cannot attend both. Choose another date unless they are for different people.`,
        });
      }
    }
  }
  return out;
}
