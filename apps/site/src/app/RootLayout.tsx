import { useEffect } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import type { CourseListItem } from "@app/contract";
import { ToastProvider } from "@app/ui";
import { CartProvider } from "../features/cart/cart-store";
import { fetchCourses } from "../lib/catalogue";
import { Header } from "../components/layout/Header";
import { Footer } from "../components/layout/Footer";
import { ChatBox } from "../components/widgets/ChatBox";
import { HeadSync, NavigationStatus, ScrollToTop } from "./RouteEffects";
import { paths } from "./paths";

/**
 * Pages without the floating chat button: on the cart, checkout and payment pages it would sit
 * over totals and the main action on a phone (issue 12). Those pages show the phone number instead.
 */
export const hidesChat = (pathname: string) => pathname === paths.cart || pathname.startsWith("/payment/");

export interface RootData {
  /** The public catalogue for the header dropdowns and the footer; empty when the API failed (spec §8: lists stay empty). */
  courses: CourseListItem[];
}

export async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
  try {
    return { courses: await fetchCourses(request) };
  } catch (error) {
    console.error("Course list for header and footer failed to load", error);
    return { courses: [] };
  }
}

/** The catalogue loaded by the root route (header, footer, home page, recommendations). */
export function useCatalogue(): CourseListItem[] {
  return (useRouteLoaderData("root") as RootData | undefined)?.courses ?? [];
}

/** Header, page, footer and the floating widgets around every public page. */
export function RootLayout() {
  const { pathname } = useLocation();
  // Marks the page interactive (browser tests wait for it; CSS may use it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <ToastProvider>
      <CartProvider>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="site-main">
          <Outlet />
        </main>
        <Footer />
        {hidesChat(pathname) ? null : <ChatBox />}
        <ScrollToTop />
        <HeadSync />
        <NavigationStatus />
      </CartProvider>
    </ToastProvider>
  );
}
