import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from "react-router";
import type { StaticHandlerContext } from "react-router";
import { SiteConfigProvider } from "../config/site";
import type { SiteConfig } from "../config/site";
import { setRuntimeConfig } from "../config/runtime";
import { isLoadFailure } from "../lib/loadable";
import { jsonForScript } from "../lib/seo";
import { renderHeadHtml } from "../lib/head";
import type { PageMeta, RouteHandle } from "../lib/seo";
import { notFoundMeta } from "../components/NotFoundContent";
import { serializeErrors } from "./hydration";
import type { SsrPayload } from "./hydration";
import { ROUTE_MODULES, routes } from "./routes";
import { fetchWebsite, providerWith, siteTexts } from "../lib/website";
import { builtInTexts } from "../content/built-in-texts";
import { placeholderIdentity } from "../config/server/env";

export { ROUTE_MODULES };
export { fetchCourses } from "../lib/catalogue";
export { api } from "../lib/api";
export { fetchWebsite, newsOf } from "../lib/website";

let handler: ReturnType<typeof createStaticHandler> | null = null;
let siteConfig: SiteConfig;
let exposeErrors = false;
let refusePlaceholders = false;

/** Called once by server.ts with the parsed environment. */
export function configure(options: { config: SiteConfig; apiUrl: string; dev: boolean; refusePlaceholders?: boolean }) {
  siteConfig = options.config;
  refusePlaceholders = options.refusePlaceholders ?? false;
  exposeErrors = options.dev;
  setRuntimeConfig(options.config, options.apiUrl);
  handler = createStaticHandler(routes);
}

export type RenderResult =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "page"; status: number; head: string; html: string; data: string; routeIds: string[] };

function pageMeta(context: StaticHandlerContext, config: SiteConfig): PageMeta {
  const path = new URL(context.location.pathname, config.siteUrl).pathname;
  const notFound =
    Object.values(context.errors ?? {}).some((e) => isRouteErrorResponse(e) && e.status === 404) ||
    context.matches.at(-1)?.route.id === "not-found";
  if (notFound) return notFoundMeta(config, path);
  for (let i = context.matches.length - 1; i >= 0; i -= 1) {
    const match = context.matches[i]!;
    const meta = (match.route.handle as RouteHandle | undefined)?.meta;
    if (meta) return meta({ data: context.loaderData[match.route.id], params: match.params, config });
  }
  return notFoundMeta(config, path);
}

/**
 * preact-render-to-string writes camel-case DOM property names as they are (`fetchPriority`);
 * HTML attributes are lower case (React writes `fetchpriority`). Browsers accept either, but the
 * server HTML should be the standard spelling. Only attribute positions inside tags are touched.
 */
export function lowerCaseAttributes(html: string): string {
  return html.replace(/(<img\b[^>]*?\s)fetchPriority=/g, "$1fetchpriority=");
}

/**
 * This request's configuration: the identity and texts the office published over the configured
 * ones. In production a published identity still holding a placeholder is not shown (decision
 * 365): the configured identity (checked at start) stays, and the log says why.
 */
export async function requestConfig(request: Request): Promise<SiteConfig> {
  const website = await fetchWebsite(request);
  let provider = providerWith(siteConfig.provider, website);
  if (refusePlaceholders && provider !== siteConfig.provider) {
    const found = placeholderIdentity(provider);
    if (found.length) {
      console.error(
        `The published identity has placeholder details (${found.map((f) => f.variable).join(", ")}); the configured identity is shown`,
      );
      provider = siteConfig.provider;
    }
  }
  return { ...siteConfig, provider, texts: website ? siteTexts(website) : builtInTexts() };
}

/** Renders one request: a redirect, or the page's head tags, body HTML and hydration JSON. */
export async function render(request: Request): Promise<RenderResult> {
  if (!handler) throw new Error("entry-server: configure() was not called");
  const [context, config] = await Promise.all([handler.query(request), requestConfig(request)]);
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = lowerCaseAttributes(
    renderToString(
      <SiteConfigProvider config={config}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteConfigProvider>,
    ),
  );

  let status = context.statusCode;
  if (context.matches.at(-1)?.route.id === "not-found") status = 404;
  // The page's main content could not be loaded from the API: say so to crawlers and caches.
  const failed = Object.values(context.loaderData ?? {}).some(
    (d) => d && typeof d === "object" && Object.values(d as object).some(isLoadFailure),
  );
  if (status === 200 && failed) status = 503;

  const payload: SsrPayload = {
    config,
    hydrationData: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors, exposeErrors),
    },
  };
  return {
    kind: "page",
    status,
    head: renderHeadHtml(pageMeta(context, config), config),
    html,
    data: jsonForScript(payload),
    routeIds: context.matches.map((m) => m.route.id),
  };
}
