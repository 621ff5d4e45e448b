import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ToastProvider } from "@app/ui";
import { CartProvider } from "../stores/cart";
import { Header } from "../components/layout/Header";
import { AnnouncementBanner } from "../components/layout/AnnouncementBanner";
import { Footer } from "../components/layout/Footer";
import { ChatBox } from "../components/widgets/ChatBox";
import { afterHydrationTurns, HydrateInTurn } from "../lib/hydration-turns";
import { HeadSync, NavigationStatus, ScrollToTop } from "./RouteEffects";
import { paths } from "../config/paths";

/**
 * Pages without the floating chat button: on the cart, checkout and payment pages it would sit
 * over totals and the main action on a phone (booking on a phone). Those pages show the phone number instead.
 */
export const hidesChat = (pathname: string) => pathname === paths.cart || pathname.startsWith("/payment/");

/** Header, page, footer and the floating widgets around every public page. */
export function RootLayout() {
  const { pathname } = useLocation();
  // Marks the page interactive once every section has hydrated (browser tests wait for it; CSS
  // may use it).
  useEffect(() => {
    afterHydrationTurns(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);

  return (
    <ToastProvider>
      <CartProvider>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        {/* Hydrated in turns, one task each, in page order (decision 257). */}
        <HydrateInTurn id="header">
          <AnnouncementBanner />
          <Header />
        </HydrateInTurn>
        <HydrateInTurn id="main">
          <main id="main" tabIndex={-1} className="site-main">
            <Outlet />
          </main>
        </HydrateInTurn>
        <HydrateInTurn id="footer">
          <Footer />
        </HydrateInTurn>
        {hidesChat(pathname) ? null : (
          <HydrateInTurn id="chat">
            <ChatBox />
          </HydrateInTurn>
        )}
        <ScrollToTop />
        <HeadSync />
        <NavigationStatus />
      </CartProvider>
    </ToastProvider>
  );
}
