import { createBrowserRouter, Navigate } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { paths } from "../config/paths";
import { RequireAdmin } from "./RequireAdmin";
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
      {
        element: <RequireAdmin />,
        children: [
          // The printable register has no portal frame: it is meant for paper.
          { path: paths.registerPattern, ...page(() => import("../features/enrolments/RegisterPage")) },
          {
            lazy: async () => ({ Component: (await import("./layout/AdminLayout")).AdminLayout }),
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              { path: paths.dashboard, ...page(() => import("../features/dashboard/DashboardPage")) },
              { path: paths.activityLog, ...page(() => import("../features/activity/ActivityLogPage")) },
              { path: paths.messages, ...page(() => import("../features/messages/MessagesPage")) },
              { path: paths.enrolments, ...page(() => import("../features/enrolments/EnrolmentsPage")) },
              // Content screens (issue 7).
              { path: paths.trainings, ...page(() => import("../features/trainings/TrainingsPage")) },
              { path: paths.trainingPattern, ...page(() => import("../features/trainings/TrainingDetailPage")) },
              { path: paths.createTraining, ...page(() => import("../features/trainings/CreateTrainingPage")) },
              { path: paths.shop, ...page(() => import("../features/shop/ShopPage")) },
              { path: paths.shopItemPattern, ...page(() => import("../features/shop/ShopItemPage")) },
              { path: paths.shopAdd, ...page(() => import("../features/shop/ShopAddPage")) },
              { path: paths.discounts, ...page(() => import("../features/discounts/DiscountsPage")) },
              { path: paths.discountPattern, ...page(() => import("../features/discounts/DiscountDetailPage")) },
              { path: paths.createCode, ...page(() => import("../features/discounts/CreateCodePage")) },
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
