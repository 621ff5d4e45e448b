import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { SiteConfigProvider } from "../config/site";
import { setRuntimeConfig } from "../config/runtime";
import { deserializeErrors, SSR_DATA_ID } from "./hydration";
import type { SsrPayload } from "./hydration";
import { routes } from "./routes";
import { hydrateInTurns } from "../lib/hydration-turns";

/** A new task: the work before and after it is not one long task (performance, decision 257). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const payload = JSON.parse(document.getElementById(SSR_DATA_ID)?.textContent || "null") as SsrPayload;
  setRuntimeConfig(payload.config);

  // The routes of this first page are lazy: load their modules before hydrating, or React
  // would hydrate a page without its component and throw the server HTML away.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === "function") ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      const routeModule = await lazy();
      Object.assign(m.route, { ...routeModule, lazy: undefined });
    }),
  );

  await nextTask();
  const router = createBrowserRouter(routes, {
    hydrationData: {
      loaderData: payload.hydrationData.loaderData,
      actionData: payload.hydrationData.actionData,
      errors: deserializeErrors(payload.hydrationData.errors),
    },
  });

  await nextTask();
  // The layout's sections (header, page, footer, chat) hydrate in tasks of their own after this.
  hydrateInTurns(() =>
    hydrateRoot(
      document.getElementById("root")!,
      <SiteConfigProvider config={payload.config}>
        <RouterProvider router={router} />
      </SiteConfigProvider>,
    ),
  );
}

void start();
