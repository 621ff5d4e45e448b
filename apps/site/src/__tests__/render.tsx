import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { ToastProvider } from "@app/ui";
import { CartProvider } from "../stores/cart";
import { SiteConfigProvider } from "../config/site";
import type { SiteConfig } from "../config/site";
import { defaultProvider } from "../config/provider";
import { builtInTexts } from "../content/built-in-texts";
import { vi } from "vitest";

export const testConfig: SiteConfig = {
  siteUrl: "http://site.test",
  publicApiUrl: "http://api.test",
  adminLoginUrl: "http://admin.test/login",
  provider: defaultProvider,
  texts: builtInTexts(),
};

/** Renders `ui` at `/` inside the site's providers; other paths render their name, so navigation is visible. */
export function renderWithSite(ui: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: "/", element: ui },
      { path: "*", Component: () => <p data-testid="location">moved</p> },
    ],
    { initialEntries: ["/"] },
  );
  const result = render(
    <SiteConfigProvider config={testConfig}>
      <ToastProvider>
        <CartProvider>
          <RouterProvider router={router} />
        </CartProvider>
      </ToastProvider>
    </SiteConfigProvider>,
  );
  return { ...result, router };
}

/** jsdom has no matchMedia: answer `matches` for the queries given. */
export function mockMatchMedia(matching: (query: string) => boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: matching(query),
    media: query,
    onchange: null,
    addEventListener: (_: string, cb: () => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
