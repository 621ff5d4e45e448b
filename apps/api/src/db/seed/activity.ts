import type { Db } from "../client";
import { courseDates } from "../schema";
import { asc, eq } from "drizzle-orm";
import { ukMonthStart } from "../../lib/dates";
import { logActivity } from "../../modules/activity";
import { createMessage, createOrder } from "./factories";
import type { SeededCatalogue } from "./catalogue";

/** Sample messages, orders and admin activity over this month and last month (for the dashboard). */
export async function seedActivity(db: Db, catalogue: SeededCatalogue, adminId: number | null, now: Date): Promise<void> {
  const thisMonth = ukMonthStart(now);
  const lastMonth = ukMonthStart(now, -1);
  const inThisMonth = (f: number) => new Date(thisMonth.getTime() + (now.getTime() - thisMonth.getTime()) * f);
  const inLastMonth = (f: number) => new Date(lastMonth.getTime() + (thisMonth.getTime() - lastMonth.getTime()) * f);

  const admin = { id: adminId, name: adminId ? "Site Administrator" : "System" };
  await logActivity(db, {
    type: "course_addition",
    action: "Course added",
    details: "Paediatric First Aid was added to the catalogue",
    actor: admin,
    at: inLastMonth(0.1),
  });
  await logActivity(db, {
    type: "other",
    action: "Discount code created",
    details: "FIRST50 (50% off, 1 use)",
    actor: admin,
    at: inLastMonth(0.15),
  });
  await logActivity(db, {
    type: "other",
    action: "Course updated",
    details: "SIA Door Supervisor Course: dates updated",
    actor: admin,
    at: inThisMonth(0.05),
  });

  const messages = [
    {
      firstName: "Aisha",
      lastName: "Khan",
      message: "Hi, do you run the door supervisor course at weekends? I work Monday to Friday.",
      f: 0.2,
      last: true,
    },
    {
      firstName: "Liam",
      lastName: "O'Connor",
      message: "Is funding available for the CCTV course? I am currently on Universal Credit.",
      f: 0.45,
      last: true,
    },
    {
      firstName: "Grace",
      lastName: "Whitfield",
      message: "My licence expires in March. Which refresher do I need to book and how early?",
      f: 0.7,
      last: true,
    },
    {
      firstName: "Tomasz",
      lastName: "Nowak",
      message: "Can I bring my passport and a bank statement as ID for the course?",
      f: 0.9,
      last: true,
    },
    {
      firstName: "Chloe",
      lastName: "Edwards",
      message: "We need first aid training for six members of staff. Could you quote for a private course?",
      f: 0.15,
      last: false,
    },
    {
      firstName: "Daniel",
      lastName: "Murphy",
      message: "I failed one exam last month, how do I book my free retake?",
      f: 0.4,
      last: false,
    },
    {
      firstName: "Priya",
      lastName: "Sharma",
      message: "Do you offer the close protection course with the FREC 3 first aid included?",
      f: 0.65,
      last: false,
    },
  ];
  for (const [i, m] of messages.entries()) {
    await createMessage(db, {
      firstName: m.firstName,
      lastName: m.lastName,
      phoneNumber: `07700 900${String(100 + i * 7).padStart(3, "0")}`,
      emailAddress: `${m.firstName.toLowerCase()}.${m.lastName.toLowerCase().replace(/[^a-z]/g, "")}@example.com`,
      message: m.message,
      createdAt: m.last ? inLastMonth(m.f) : inThisMonth(m.f),
    });
  }

  const firstDate = async (key: string) => {
    const course = catalogue.courses.get(key)!;
    const [d] = await db
      .select()
      .from(courseDates)
      .where(eq(courseDates.courseId, course.id))
      .orderBy(asc(courseDates.startDate))
      .limit(2);
    return { id: course.id, dateId: d!.id };
  };
  const ds = await firstDate("ds");
  const cctv = await firstDate("cctv");
  const efaw = await firstDate("efaw");
  const dsr = await firstDate("dsr");
  const sgr = await firstDate("sgr");
  const pl = await firstDate("pl");

  const people = [
    ["Callum", "Reid", "Liverpool"],
    ["Sophie", "Turner", "Bootle"],
    ["Kwame", "Mensah", "Crosby"],
    ["Hannah", "Lewis", "Southport"],
    ["Ryan", "Doyle", "Kirkby"],
    ["Megan", "Hughes", "Formby"],
    ["Jack", "Barton", "Litherland"],
    ["Zara", "Ali", "Maghull"],
    ["Ethan", "Wright", "Birkenhead"],
  ] as const;
  const customer = (i: number) => {
    const [first, last, town] = people[i % people.length]!;
    return {
      first_name: first,
      last_name: last,
      guest_name: first,
      guest_email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone_number: `07700 900${String(500 + i * 11).padStart(3, "0")}`,
      town_city: town,
      street_address: `${10 + i * 3} Example Road`,
      ...(i === 2 ? { company_name: "Example Events Ltd", building_type: "Office" } : {}),
    };
  };
  const addOnIds = async (courseId: number) =>
    (await db.query.courseAddOns.findMany({ where: (a, { eq: e }) => e(a.courseId, courseId) })).map((a) => a.id);
  const dsAddOns = await addOnIds(ds.id);

  // Last month: paid bookings.
  await createOrder(db, {
    courses: [{ id: ds.id, selectedDate: ds.dateId, selectedAddons: dsAddOns.slice(0, 1) }],
    customer: customer(0),
    status: "paid",
    at: inLastMonth(0.2),
  });
  await createOrder(db, {
    courses: [{ id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] }],
    customer: customer(1),
    status: "paid",
    at: inLastMonth(0.5),
  });
  await createOrder(db, {
    courses: [{ id: sgr.id, selectedDate: sgr.dateId, selectedAddons: [] }],
    customer: customer(2),
    status: "paid",
    at: inLastMonth(0.8),
  });
  // This month: paid bookings (one with the single-use code), one cancelled, one expired, one pending.
  await createOrder(db, {
    courses: [
      { id: ds.id, selectedDate: ds.dateId, selectedAddons: [] },
      { id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] },
    ],
    customer: customer(3),
    status: "paid",
    at: inThisMonth(0.1),
  });
  await createOrder(db, {
    courses: [{ id: cctv.id, selectedDate: cctv.dateId, selectedAddons: [] }],
    customer: { ...customer(4), discount_code: catalogue.discounts.usedUp },
    status: "paid",
    at: inThisMonth(0.3),
  });
  await createOrder(db, {
    courses: [{ id: dsr.id, selectedDate: dsr.dateId, selectedAddons: [] }],
    customer: { ...customer(5), discount_code: catalogue.discounts.valid },
    status: "paid",
    at: inThisMonth(0.5),
  });
  await createOrder(db, {
    courses: [{ id: ds.id, selectedDate: ds.dateId, selectedAddons: dsAddOns }],
    customer: customer(6),
    status: "paid",
    at: inThisMonth(0.7),
  });
  await createOrder(db, {
    courses: [{ id: pl.id, selectedDate: pl.dateId, selectedAddons: [] }],
    customer: customer(7),
    status: "cancelled",
    at: inThisMonth(0.6),
  });
  await createOrder(db, {
    courses: [{ id: cctv.id, selectedDate: cctv.dateId, selectedAddons: [] }],
    customer: customer(8),
    status: "expired",
    at: inThisMonth(0.4),
  });
  await createOrder(db, {
    courses: [{ id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] }],
    customer: customer(0),
    status: "pending",
    at: new Date(now.getTime() - 5 * 60_000),
  });
}
