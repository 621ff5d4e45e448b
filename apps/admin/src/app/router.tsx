import { createBrowserRouter } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { paths } from "../config/paths";
import { RequireAdmin } from "./RequireAdmin";
import { RequireRole } from "./RequireRole";
import { SCREEN_ROLES } from "../config/roles";
import { HomeRedirect } from "./HomeRedirect";
import { RootLayout } from "./RootLayout";
import { RouteError } from "./RouteError";

/** A lazy route from a module whose default export is the page component. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.login, ...page(() => import("../features/auth/LoginPage")) },
      { path: paths.invitePattern, ...page(() => import("../features/staff/InvitePage")) },
      {
        // Right after the password, when a second factor is required and there is none yet.
        element: <RequireAdmin allowSetup />,
        children: [{ path: paths.securitySetup, ...page(() => import("../features/security/SecuritySetupPage")) }],
      },
      {
        element: <RequireAdmin />,
        children: [
          // The printable register has no portal frame: it is meant for paper.
          {
            element: <RequireRole roles={SCREEN_ROLES.trainer} />,
            children: [{ path: paths.registerPattern, ...page(() => import("../features/enrolments/RegisterPage")) }],
          },
          {
            element: <RequireRole roles={SCREEN_ROLES.trainer} />,
            children: [
              { path: paths.learnerPrintPattern, ...page(() => import("../features/learners/LearnerRegisterPrintPage")) },
            ],
          },
          {
            lazy: async () => ({ Component: (await import("./layout/AdminLayout")).AdminLayout }),
            children: [
              { index: true, element: <HomeRedirect /> },
              // Every staff role: registers and learner records of course dates, their own account.
              {
                element: <RequireRole roles={SCREEN_ROLES.trainer} />,
                children: [
                  { path: paths.enrolments, ...page(() => import("./EnrolmentsHome")) },
                  { path: paths.account, ...page(() => import("../features/sessions/AccountPage")) },
                  { path: paths.security, ...page(() => import("../features/security/SecurityPage")) },
                  { path: paths.learners, ...page(() => import("../features/learners/LearnersPage")) },
                  { path: paths.learnerDatePattern, ...page(() => import("../features/learners/LearnerBoardPage")) },
                ],
              },
              {
                element: <RequireRole roles={SCREEN_ROLES.owner} />,
                children: [
                  { path: paths.staff, ...page(() => import("../features/staff/StaffPage")) },
                  { path: paths.privacy, ...page(() => import("../features/privacy/PrivacyPage")) },
                ],
              },
              {
                element: <RequireRole roles={SCREEN_ROLES.office} />,
                children: [
                  { path: paths.dashboard, ...page(() => import("../features/dashboard/DashboardPage")) },
                  { path: paths.website, ...page(() => import("../features/website/WebsitePage")) },
                  { path: paths.websitePattern, ...page(() => import("../features/website/WebsitePage")) },
                  { path: paths.activityLog, ...page(() => import("../features/activity/ActivityLogPage")) },
                  { path: paths.reports, ...page(() => import("../features/reports/ReportsPage")) },
                  { path: paths.payouts, ...page(() => import("../features/payouts/PayoutsPage")) },
                  { path: paths.payoutPattern, ...page(() => import("../features/payouts/PayoutPage")) },
                  { path: paths.messages, ...page(() => import("../features/messages/MessagesPage")) },
                  // Content screens (admin content screens).
                  { path: paths.trainings, ...page(() => import("../features/trainings/TrainingsPage")) },
                  { path: paths.trainingPattern, ...page(() => import("../features/trainings/TrainingDetailPage")) },
                  { path: paths.createTraining, ...page(() => import("../features/trainings/CreateTrainingPage")) },
                  { path: paths.shop, ...page(() => import("../features/shop/ShopPage")) },
                  { path: paths.shopItemPattern, ...page(() => import("../features/shop/ShopItemPage")) },
                  { path: paths.shopAdd, ...page(() => import("../features/shop/ShopAddPage")) },
                  { path: paths.discounts, ...page(() => import("../features/discounts/DiscountsPage")) },
                  { path: paths.discountPattern, ...page(() => import("../features/discounts/DiscountDetailPage")) },
                  { path: paths.createCode, ...page(() => import("../features/discounts/CreateCodePage")) },
                  { path: paths.payments, ...page(() => import("../features/payments/PaymentSettingsPage")) },
                  { path: paths.bookingPolicy, ...page(() => import("../features/booking-policy/BookingPolicyPage")) },
                  { path: paths.scheduledMail, ...page(() => import("../features/scheduled-mail/ScheduledMailPage")) },
                  // The learner's portal, the office's side (learner portal).
                  { path: paths.learnerProgress, ...page(() => import("../features/learners/ProgressPage")) },
                  { path: paths.learnerStudy, ...page(() => import("../features/learners/StudyPage")) },
                  // Bookings and their actions (office booking tools).
                  { path: paths.bookingPattern, ...page(() => import("../features/bookings/BookingPage")) },
                  { path: paths.newBooking, ...page(() => import("../features/bookings/NewBookingPage")) },
                  { path: paths.waitingList, ...page(() => import("../features/waitlist/WaitingListPage")) },
                  { path: paths.status, ...page(() => import("../features/status/StatusPage")) },
                ],
              },
              { path: "*", ...page(() => import("./NotFoundPage")) },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
