import type { ComponentType } from "react";
import { redirect } from "react-router";
import type { LoaderFunction, RouteObject } from "react-router";
import { pageTitle } from "../lib/seo";
import type { RouteHandle } from "../lib/seo";
import { runtimeConfig } from "../config/runtime";
import { patterns, paths } from "../config/paths";
import { rootLoader } from "../lib/root-data";
import { RootLayout } from "./RootLayout";
import { RouteError } from "./RouteError";

/**
 * The route table (spec §2). Every page is its own chunk (`lazy`), loaded with its loader and
 * its `handle.meta` (page header data). Page modules default-export the component and may
 * export `loader`, `handle` and `ErrorBoundary`.
 *
 * `ROUTE_MODULES` names each lazy route's source file so the server can add
 * `<link rel="modulepreload">` for the chunks of the page it renders (no request waterfall
 * before hydration).
 */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  /** `never`: each page types `meta` with its own loader data. */
  handle?: RouteHandle<never>;
  ErrorBoundary?: ComponentType;
}

function page(load: () => Promise<PageModule>, defaults: { handle?: RouteHandle<never> } = {}): RouteObject["lazy"] {
  return async () => {
    const m = await load();
    const route: Partial<RouteObject> = { Component: m.default };
    if (m.loader) route.loader = m.loader;
    const handle = m.handle ?? defaults.handle;
    if (handle) route.handle = handle;
    if (m.ErrorBoundary) route.ErrorBoundary = m.ErrorBoundary;
    return route as never;
  };
}

/** Source files of the lazy routes, by route id (paths relative to apps/site, as in Vite's manifest). */
export const ROUTE_MODULES: Record<string, string> = {
  home: "src/features/home/HomePage.tsx",
  "all-courses": "src/features/courses/AllCoursesPage.tsx",
  course: "src/features/courses/CoursePage.tsx",
  "course-finder": "src/features/finder/FinderPage.tsx",
  shop: "src/features/shop/ShopPage.tsx",
  cart: "src/features/cart/CartPage.tsx",
  about: "src/features/about/AboutPage.tsx",
  contact: "src/features/contact/ContactPage.tsx",
  privacy: "src/features/privacy/PrivacyPage.tsx",
  "booking-terms": "src/features/terms/BookingTermsPage.tsx",
  careers: "src/features/careers/SiteMapPage.tsx",
  "payment-success": "src/features/payment/PaymentSuccessPage.tsx",
  "not-found": "src/features/not-found/NotFoundPage.tsx",
  learner: "src/features/learner/PortalPage.tsx",
  "waiting-list-offer": "src/features/waitlist/WaitingListOfferPage.tsx",
  balance: "src/features/balance/BalancePage.tsx",
  news: "src/features/news/NewsPage.tsx",
  "news-post": "src/features/news/NewsPostPage.tsx",
  "my-bookings": "src/features/my-bookings/MyBookingsPage.tsx",
  "my-bookings-sign-in": "src/features/my-bookings/SignInPage.tsx",
  "my-booking": "src/features/my-bookings/BookingPage.tsx",
};

/** Page header data for the pages whose modules live with the cart feature. */
const cartHandle: RouteHandle = {
  meta: ({ config }) => ({
    title: pageTitle("Your Cart", config.provider),
    description: "Review the SIA courses in your cart, apply a discount code and check out securely as a guest.",
    keywords: ["SIA course booking", "training cart", "checkout"],
    path: paths.cart,
    breadcrumbs: [{ name: "Cart Summary", path: paths.cart }],
    robots: "noindex, follow",
  }),
};

const paymentHandle: RouteHandle = {
  meta: ({ config }) => ({
    // Neutral: the page only says 'Payment Successful!' once the API confirms a paid order (booking on a phone).
    title: pageTitle("Your Booking", config.provider),
    description: "Your booking and its payment status: what you booked, when and where, and what to bring.",
    keywords: ["booking confirmation", "SIA course booking"],
    path: paths.paymentSuccess,
    breadcrumbs: [{ name: "Your Booking", path: paths.paymentSuccess }],
    robots: "noindex, follow",
  }),
};

/** /login belongs to the admin portal: send the visitor there (302 on the server, a full page load in the browser). */
const loginLoader: LoaderFunction = () => redirect(runtimeConfig().adminLoginUrl);

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    loader: rootLoader,
    // The header and footer course lists are loaded once per visit, not on every click.
    shouldRevalidate: () => false,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { id: "home", index: true, lazy: page(() => import("../features/home/HomePage")) },
          { id: "all-courses", path: patterns.allCourses, lazy: page(() => import("../features/courses/AllCoursesPage")) },
          { id: "course", path: patterns.course, lazy: page(() => import("../features/courses/CoursePage")) },
          { id: "course-finder", path: patterns.courseFinder, lazy: page(() => import("../features/finder/FinderPage")) },
          { id: "shop", path: patterns.shop, lazy: page(() => import("../features/shop/ShopPage")) },
          { id: "cart", path: patterns.cart, lazy: page(() => import("../features/cart/CartPage"), { handle: cartHandle }) },
          { id: "about", path: patterns.about, lazy: page(() => import("../features/about/AboutPage")) },
          { id: "contact", path: patterns.contact, lazy: page(() => import("../features/contact/ContactPage")) },
          { id: "privacy", path: patterns.privacy, lazy: page(() => import("../features/privacy/PrivacyPage")) },
          { id: "booking-terms", path: patterns.bookingTerms, lazy: page(() => import("../features/terms/BookingTermsPage")) },
          { id: "careers", path: patterns.careers, lazy: page(() => import("../features/careers/SiteMapPage")) },
          {
            id: "payment-success",
            path: patterns.paymentSuccess,
            lazy: page(() => import("../features/payment/PaymentSuccessPage"), { handle: paymentHandle }),
          },
          { id: "login", path: patterns.login, loader: loginLoader },
          { id: "learner", path: patterns.learner, lazy: page(() => import("../features/learner/PortalPage")) },
          {
            id: "waiting-list-offer",
            path: patterns.waitingListOffer,
            lazy: page(() => import("../features/waitlist/WaitingListOfferPage")),
          },
          { id: "balance", path: patterns.balance, lazy: page(() => import("../features/balance/BalancePage")) },
          { id: "news", path: patterns.news, lazy: page(() => import("../features/news/NewsPage")) },
          { id: "news-post", path: patterns.newsPost, lazy: page(() => import("../features/news/NewsPostPage")) },
          { id: "my-bookings", path: patterns.myBookings, lazy: page(() => import("../features/my-bookings/MyBookingsPage")) },
          {
            id: "my-bookings-sign-in",
            path: patterns.myBookingsSignIn,
            lazy: page(() => import("../features/my-bookings/SignInPage")),
          },
          { id: "my-booking", path: patterns.myBooking, lazy: page(() => import("../features/my-bookings/BookingPage")) },
          { id: "not-found", path: "*", lazy: page(() => import("../features/not-found/NotFoundPage")) },
        ],
      },
    ],
  },
];
