import { c, commonResponses } from "./common";
import { adminContract } from "./admin";
import { accountContract, authContract, staffContract } from "./auth";
import { coursesContract } from "./courses";
import { discountsContract } from "./discounts";
import { messagesContract } from "./messages";
import { ordersContract, paymentsContract } from "./orders";
import { shopsContract } from "./shops";
import { systemContract } from "./system";
import { jobsContract } from "./jobs";
import { bookingsContract } from "./bookings";
import { learnersContract } from "./learners";
import { waitlistContract } from "./waitlist";
import { opsContract } from "./ops";
import { privacyContract } from "./privacy";
import { invoicesContract } from "./invoices";
import { portalContract } from "./portal";
import { studyContract } from "./study";
import { websiteContract } from "./website";
import { trainersContract } from "./trainers";
import { approvalsContract } from "./approvals";
import { courseSettingsContract } from "./course-settings";
import { selfServiceContract } from "./self-service";
import { paymentOptionsContract } from "./payment-options";

/** Every call of the API, under /api (spec §7 plus our additions). */
export const contract = c.router(
  {
    auth: authContract,
    courses: coursesContract,
    shops: shopsContract,
    discounts: discountsContract,
    messages: messagesContract,
    orders: ordersContract,
    payments: paymentsContract,
    admin: adminContract,
    system: systemContract,
    account: accountContract,
    staff: staffContract,
    jobs: jobsContract,
    bookings: bookingsContract,
    learners: learnersContract,
    waitlist: waitlistContract,
    ops: opsContract,
    privacy: privacyContract,
    invoices: invoicesContract,
    portal: portalContract,
    study: studyContract,
    website: websiteContract,
    trainers: trainersContract,
    approvals: approvalsContract,
    courseSettings: courseSettingsContract,
    selfService: selfServiceContract,
    paymentOptions: paymentOptionsContract,
  },
  { pathPrefix: "/api", commonResponses, strictStatusCodes: true },
);
export type Contract = typeof contract;

export * from "./common";
export * from "./auth";
export * from "./courses";
export * from "./shops";
export * from "./discounts";
export * from "./messages";
export * from "./orders";
export * from "./admin";
export * from "./system";
export * from "./dates";
export * from "./booking-facts";
export * from "./jobs";
export * from "./bookings";
export * from "./attendee-actions";
export * from "./learners";
export * from "./waitlist";
export * from "./ops";
export * from "./privacy";
export * from "./invoices";
export * from "./portal";
export * from "./study";
export * from "./website";
export * from "./trainers";
export * from "./approvals";
export * from "./course-settings";
export * from "./self-service";
export * from "./payment-options";
export * from "./balances";
