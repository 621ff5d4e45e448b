import sharp from "sharp";
import { addDays, ukDate } from "../src/lib/dates";

export async function pngDataUrl(width = 1200, height = 675): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

export const inDays = (n: number, from = new Date()) => addDays(ukDate(from), n);

/** A valid create-training payload. */
export function trainingPayload(over: Record<string, unknown> = {}) {
  return {
    title: "Test Conflict Management",
    price: 99.5,
    capacity: 0,
    description: "A practical day on de-escalation.",
    duration: "1 Day",
    time: "10 am - 5pm",
    courseDates: [{ startDate: inDays(20), endDate: inDays(20) }],
    keyPoints: [{ title: "Practical", details: "Role play all day." }],
    courseUnits: [{ title: "De-escalation" }],
    addOns: [{ name: "Workbook", price: 12.25, description: "Printed notes" }],
    ...over,
  };
}

export type OrderLine = {
  id: number;
  selectedDate: number | string;
  selectedAddons?: number[];
  /** Places on the date (group bookings). */
  quantity?: number;
  attendees?: { first_name: string; last_name: string; email?: string }[];
};

export function orderPayload(courses: OrderLine[], over: Record<string, unknown> = {}) {
  return {
    courses: courses.map((c) => ({ selectedAddons: [], ...c })),
    guest_email: "casey.jones@example.com",
    guest_name: "Casey",
    first_name: "Casey",
    last_name: "Jones",
    phone_number: "07700 900321",
    country: "United Kingdom",
    street_address: "2 Example Lane",
    town_city: "Bootle",
    state: "England",
    ...over,
  };
}
