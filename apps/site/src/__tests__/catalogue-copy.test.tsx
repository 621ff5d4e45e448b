import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { CourseListItem } from "@app/contract";
import { formatPounds } from "@app/ui/format";
import { ToastProvider } from "@app/ui";
import { CartProvider } from "../stores/cart";
import { SiteConfigProvider } from "../config/site";
import { defaultProvider } from "../config/provider";
import HomePage from "../features/home/HomePage";
import { FaqSection } from "../components/widgets/FaqSection";
import { mockMatchMedia, testConfig } from "./render";

beforeEach(() => mockMatchMedia(() => false));

/**
 * Prices and places in the copy come from the catalogue and the provider's configuration, never
 * from the text (production, decision 266): change the course's fee or the configured town, and the
 * home page and the FAQ say so.
 */

const course = (over: Partial<CourseListItem>): CourseListItem => ({
  id: 1,
  slug: "door-supervisor",
  title: "Door Supervisor",
  description: "The SIA door supervisor course.",
  thumbnail: null,
  fee: 239,
  duration: "6 Days",
  time: "9 am - 5 pm",
  next_date: null,
  updated_at: "2026-11-01T00:00:00.000Z",
  ...over,
});

function renderWithCatalogue(ui: React.ReactNode, courses: CourseListItem[], provider = defaultProvider) {
  const router = createMemoryRouter([{ id: "root", path: "/", element: ui, loader: () => ({ courses }) }], {
    initialEntries: ["/"],
    hydrationData: { loaderData: { root: { courses } } },
  });
  return render(
    <SiteConfigProvider config={{ ...testConfig, provider }}>
      <ToastProvider>
        <CartProvider>
          <RouterProvider router={router} />
        </CartProvider>
      </ToastProvider>
    </SiteConfigProvider>,
  );
}

const CATALOGUE = [
  course({ id: 3, slug: "cctv", title: "CCTV Operator", fee: 199 }),
  course({ id: 1, title: "Door Supervisor", fee: 239 }),
  course({ id: 2, slug: "ds-refresher", title: "Door Supervisor Refresher", fee: 149 }),
];

describe("copy from the catalogue and the configuration", () => {
  it("the home page quotes the door supervisor course's price from the catalogue, and follows a change", () => {
    const first = renderWithCatalogue(<HomePage />, CATALOGUE);
    const hero = document.querySelector(".home-hero__facts")!;
    expect(hero.textContent).toContain(`${formatPounds(239)} Door Supervisor`);
    expect(document.body.textContent).not.toContain("£250");
    first.unmount();

    renderWithCatalogue(
      <HomePage />,
      CATALOGUE.map((c) => (c.id === 1 ? { ...c, fee: 265 } : c)),
    );
    expect(document.querySelector(".home-hero__facts")!.textContent).toContain(`${formatPounds(265)} Door Supervisor`);
    // Two renders of the whole home page: slow on a loaded machine.
  }, 30_000);

  it("the FAQ lists every course's price from the catalogue", () => {
    renderWithCatalogue(<FaqSection />, CATALOGUE);
    expect(screen.getByText(/Our current prices:/).textContent).toBe(
      `Our current prices: CCTV Operator: ${formatPounds(199)}; Door Supervisor: ${formatPounds(239)}; Door Supervisor Refresher: ${formatPounds(149)}.`,
    );
  });

  it("names the configured town and area, not Bootle and Liverpool", () => {
    const provider = { ...defaultProvider, area: "Wirral", address: { ...defaultProvider.address, locality: "Birkenhead" } };
    renderWithCatalogue(<HomePage />, CATALOGUE, provider);
    expect(screen.getByText("SIA-approved training centre in Birkenhead, Wirral")).toBeTruthy();
    expect(screen.getByText(/Our training centre is in Birkenhead, Wirral/, { selector: "p" })).toBeTruthy();
    expect(document.querySelector(".home-hero")!.textContent).not.toMatch(/Liverpool|Bootle/);
  }, 30_000);
});
