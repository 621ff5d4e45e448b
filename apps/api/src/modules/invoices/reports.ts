/** The portal's reports (decision 426): money per month, fill rates, outstanding balances, discount costs; as data and CSV. */
import { formatBookingRef, type ReportName, type Reports } from "@app/contract";
import type { Db } from "../../db/client";
import { csvCell } from "../../lib/csv-cells";
import { periodOf } from "./documents";
import { pounds as poundsText, ukDay } from "./exports";
import * as repo from "./reports-repository";

const pounds = (pence: number) => pence / 100;
const fill = (booked: number, places: number) => (places > 0 ? Math.round((booked / places) * 1000) / 10 : 0);

/**
 * Money actually received less money given back between two instants, in pence: the dashboard's
 * revenue, counted as the money report counts it so the two always agree (decision 491).
 */
export async function moneyReceivedAndRefunded(db: Db, from: Date, to: Date) {
  const { received, refunded } = await repo.moneyBetween(db, from, to);
  return { receivedPence: received, refundedPence: refunded, netPence: received - refunded };
}

export async function reports(db: Db, from: string, to: string): Promise<Reports> {
  const { start, end } = periodOf(from, to);
  const [money, dates, outstanding, discounts] = await Promise.all([
    repo.moneyByMonth(db, start, end),
    repo.fillByDate(db, from, to),
    repo.outstanding(db),
    repo.discountCost(db, start, end),
  ]);
  const byCourse = new Map<string, { dates: number; places: number; booked: number }>();
  for (const d of dates) {
    const c = byCourse.get(d.course) ?? { dates: 0, places: 0, booked: 0 };
    c.dates += 1;
    c.places += d.places;
    c.booked += d.booked;
    byCourse.set(d.course, c);
  }
  return {
    from,
    to,
    money: money.map((m) => ({
      month: m.month,
      received: pounds(m.received),
      refunded: pounds(m.refunded),
      net: pounds(m.received - m.refunded),
    })),
    courses: [...byCourse.entries()]
      .map(([course, c]) => ({ course, ...c, fill_percent: fill(c.booked, c.places) }))
      .sort((a, b) => a.course.localeCompare(b.course)),
    dates: dates.map((d) => ({ ...d, fill_percent: fill(d.booked, d.places) })),
    outstanding: outstanding.map((o) => ({
      booking_id: o.id,
      reference: formatBookingRef(o.booking_ref),
      customer: o.customer,
      total: pounds(o.total),
      paid: pounds(o.paid),
      due: pounds(o.total - o.paid),
      due_on: o.due_on,
    })),
    discounts: discounts.map((d) => ({ code: d.code, uses: d.uses, cost: pounds(d.cost) })),
  };
}

const money = (p: number) => poundsText(Math.round(p * 100));

export async function reportCsv(db: Db, name: ReportName, from: string, to: string): Promise<string> {
  const r = await reports(db, from, to);
  const table: [string[], (string | number)[][]] =
    name === "money"
      ? [
          ["Month", "Received", "Refunded", "Net"],
          r.money.map((m) => [m.month, money(m.received), money(m.refunded), money(m.net)]),
        ]
      : name === "courses"
        ? [
            ["Course", "Dates", "Places", "Booked", "Fill rate %"],
            r.courses.map((c) => [c.course, c.dates, c.places, c.booked, c.fill_percent.toFixed(1)]),
          ]
        : name === "dates"
          ? [
              ["Course", "Start date", "Places", "Booked", "Fill rate %"],
              r.dates.map((d) => [d.course, ukDay(d.start_date), d.places, d.booked, d.fill_percent.toFixed(1)]),
            ]
          : name === "outstanding"
            ? [
                ["Booking reference", "Customer", "Total", "Paid", "Due", "Due by"],
                r.outstanding.map((o) => [
                  o.reference,
                  o.customer,
                  money(o.total),
                  money(o.paid),
                  money(o.due),
                  o.due_on ? ukDay(o.due_on) : "",
                ]),
              ]
            : [["Discount code", "Uses", "Cost"], r.discounts.map((d) => [d.code, d.uses, money(d.cost)])];
  const [header, rows] = table;
  const cell = (v: string | number) =>
    typeof v === "number" || /^-?\d+(\.\d+)?$/.test(v) || /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? String(v) : csvCell(v);
  return [header.map((h) => csvCell(h)).join(","), ...rows.map((row) => row.map(cell).join(","))].join("\r\n") + "\r\n";
}
