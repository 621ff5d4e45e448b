/**
 * Named, predictable records for the seed and the tests (one way to make each thing).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { contactMessages, discountCodes, orders, type OrderRow } from "../schema";
import { addDays, ukDate } from "../../lib/dates";
import { upsertUser } from "../../modules/auth";
import { insertCourse, type CourseInsert } from "../../modules/courses";
import { cancelPending, confirmPayment, placeOrder, type OrderInput } from "../../modules/orders";

let counter = 0;
const next = () => ++counter;

export async function createUser(
  db: Db,
  over: Partial<{ email: string; name: string; password: string; isAdmin: boolean }> = {},
) {
  const n = next();
  const input = {
    email: over.email ?? `user${n}-${Date.now()}@example.com`,
    name: over.name ?? `Test User ${n}`,
    password: over.password ?? "Str0ng!Passw0rd-test",
    isAdmin: over.isAdmin ?? false,
  };
  const { id } = await upsertUser(db, input);
  return { id, ...input };
}

/** A course with one upcoming date (in 30 days) unless dates are given. */
export async function createCourse(db: Db, over: Partial<CourseInsert> = {}, now = new Date()) {
  const n = next();
  const start = addDays(ukDate(now), 30);
  const id = await insertCourse(db, {
    title: over.title ?? `Test Course ${n}`,
    description: over.description ?? "A course made by a test factory.",
    feePence: over.feePence ?? 10000,
    duration: over.duration ?? "1 Day",
    time: over.time ?? "9 am - 6pm",
    capacity: over.capacity ?? 12,
    thumbnailSha: over.thumbnailSha ?? null,
    dates: over.dates ?? [{ startDate: start, endDate: start }],
    addOns: over.addOns ?? [],
    units: over.units ?? [],
    keyPoints: over.keyPoints ?? [],
    ...(over.slug ? { slug: over.slug } : {}),
  });
  return id;
}

export async function createDiscount(
  db: Db,
  over: Partial<{ code: string; percentOff: number; validFrom: string; validUntil: string; maxUses: number }> = {},
  now = new Date(),
) {
  const today = ukDate(now);
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: over.code ?? `TEST${next()}`,
      percentOff: over.percentOff ?? 10,
      validFrom: over.validFrom ?? addDays(today, -1),
      validUntil: over.validUntil ?? addDays(today, 30),
      maxUses: over.maxUses ?? 10,
    })
    .returning();
  return row!;
}

export async function createMessage(
  db: Db,
  over: Partial<{
    firstName: string;
    lastName: string;
    phoneNumber: string;
    emailAddress: string;
    message: string;
    createdAt: Date;
  }> = {},
) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      firstName: over.firstName ?? "Sam",
      lastName: over.lastName ?? "Taylor",
      phoneNumber: over.phoneNumber ?? "07700 900123",
      emailAddress: over.emailAddress ?? "sam.taylor@example.com",
      message: over.message ?? "Hello, I would like to know more about your courses.",
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    })
    .returning();
  return row!;
}

export const sampleCustomer = (over: Partial<OrderInput> = {}): Omit<OrderInput, "courses"> => ({
  guest_email: over.guest_email ?? "jordan.smith@example.com",
  guest_name: over.guest_name ?? over.first_name ?? "Jordan",
  first_name: over.first_name ?? "Jordan",
  last_name: over.last_name ?? "Smith",
  phone_number: over.phone_number ?? "07700 900456",
  country: over.country ?? "United Kingdom",
  street_address: over.street_address ?? "1 Example Street",
  town_city: over.town_city ?? "Bootle",
  state: over.state ?? "England",
  discount_code: over.discount_code,
  company_name: over.company_name ?? null,
  building_type: over.building_type ?? null,
  order_notes: over.order_notes ?? null,
});

/**
 * An order through the real pricing path, then moved to the wanted status.
 * `at` is when it was placed (and paid, for paid orders: a few minutes later).
 */
export async function createOrder(
  db: Db,
  opts: {
    courses: OrderInput["courses"];
    customer?: Partial<OrderInput>;
    status?: "pending" | "paid" | "expired" | "cancelled";
    at?: Date;
  },
) {
  const at = opts.at ?? new Date();
  const placed = await placeOrder(db, { ...sampleCustomer(opts.customer), courses: opts.courses }, at, "local");
  if (placed.kind !== "placed") throw new Error(`Seed order refused: ${placed.kind}`);
  const order = placed.order;
  /** The order after a lifecycle step that must succeed on seed data. */
  const after = (outcome: { kind: string; order?: OrderRow | null }) => {
    if (!outcome.order) throw new Error(`Seed order step refused: ${outcome.kind}`);
    return outcome.order;
  };
  switch (opts.status ?? "pending") {
    case "paid":
      return after(await confirmPayment(db, { reference: order.reference }, new Date(at.getTime() + 4 * 60_000)));
    case "cancelled":
      return after(await cancelPending(db, order.reference, new Date(at.getTime() + 60_000)));
    case "expired": {
      const [row] = await db
        .update(orders)
        .set({ status: "expired", expiresAt: at, expiredAt: at, updatedAt: at })
        .where(eq(orders.id, order.id))
        .returning();
      return row!;
    }
    default:
      return order;
  }
}
