/** Every route of the admin app, in one place (spec §2 route table plus the register print view). */
export const paths = {
  login: "/login",
  dashboard: "/admin",
  messages: "/messages",
  trainings: "/trainings",
  training: (id: number | string) => `/training/${id}`,
  trainingPattern: "/training/:id",
  createTraining: "/create-training",
  shop: "/shop",
  shopItem: (id: number | string) => `/shop/item/${id}`,
  shopItemPattern: "/shop/item/:id",
  shopAdd: "/shop/add",
  discounts: "/discount",
  discount: (id: number | string) => `/discount/${id}`,
  discountPattern: "/discount/:id",
  createCode: "/create-code",
  enrolments: "/enrolments",
  register: (courseDateId: number | string) => `/enrolments/register/${courseDateId}`,
  registerPattern: "/enrolments/register/:courseDateId",
  activityLog: "/activity-log",
  // Money and bookings reports.
  reports: "/reports",
  // What the payment provider paid out, and what each payout contains.
  payouts: "/payouts",
  payout: (id: string) => `/payouts/${encodeURIComponent(id)}`,
  payoutPattern: "/payouts/:id",
  // Staff, sessions and second factors (staff accounts).
  account: "/account",
  security: "/security",
  securitySetup: "/security/setup",
  staff: "/staff",
  privacy: "/privacy",
  invitePattern: "/invite/:token",
  // Scheduled mail (waiting lists and reminders).
  scheduledMail: "/scheduled-mail",
  payments: "/payments",
  bookingPolicy: "/booking-policy",
  // Bookings (office booking tools): the list stays at /enrolments (spec route table); each booking has its
  // own page, singular like /training/{id} and /discount/{id}.
  booking: (id: number | string) => `/booking/${id}`,
  bookingPattern: "/booking/:id",
  newBooking: "/create-booking",
  // Learner records (learner records).
  learners: "/learners",
  // The learner's portal, the office's side (learner portal).
  learnerProgress: "/learners/progress",
  learnerStudy: "/learners/study",
  learnerDate: (courseDateId: number | string) => `/learners/${courseDateId}`,
  learnerDatePattern: "/learners/:courseDateId",
  learnerPrint: (courseDateId: number | string) => `/learners/${courseDateId}/print`,
  learnerPrintPattern: "/learners/:courseDateId/print",
  waitingList: "/waiting-list",
  // Operations (operations): the status page.
  status: "/status",
  // The site's own words (website editing).
  website: "/website",
  websitePattern: "/website/:section",
  websiteSection: (section: string) => `/website/${section}`,
} as const;
