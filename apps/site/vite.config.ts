import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./scripts/precompress";

/**
 * The production build runs on Preact's compatibility layer, in the browser (same API, ~55 KB less
 * gzipped JavaScript on the first load) and in the server render, so the HTML is produced by the
 * library that hydrates it (useId values, text and attribute output agree). Development (Vite
 * middleware) and the component tests use React. `SITE_REACT=1 pnpm build` builds both with
 * React. See docs/decisions/022-site-first-load-budget.md.
 */
// Absolute paths: workspace packages (@app/ui) and react-router cannot resolve `preact` themselves.
const preact = realpathSync(join(dirname(fileURLToPath(import.meta.url)), "node_modules/preact"));
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: join(preact, "compat/client.mjs") },
  { find: /^react-dom$/, replacement: join(preact, "compat/dist/compat.module.js") },
  { find: /^react\/jsx-runtime$/, replacement: join(preact, "jsx-runtime/dist/jsxRuntime.module.js") },
  { find: /^react\/jsx-dev-runtime$/, replacement: join(preact, "jsx-runtime/dist/jsxRuntime.module.js") },
  { find: /^react$/, replacement: join(preact, "compat/dist/compat.module.js") },
];

/**
 * Few, larger chunks for the first load: without groups the bundler splits every module shared by
 * two routes into its own file (12 scripts for `/`, most under 2 KB), and on HTTP/1.1 each costs
 * a connection slot and a round trip before the page can hydrate (bench/lighthouse.ts).
 * - `app`: everything the entry imports statically (Preact, the router, layout, cart store);
 * - `shared`: our components, helpers and icons used by more than one route;
 * - `pages`: the part of those that the home page does not use.
 * Route-only code (zod and the form fields on contact and cart) stays in its route's chunks.
 */
const BOOT_MODULE = /[\\/](?:src[\\/]app[\\/]boot\.ts|index\.html|src[\\/]styles[\\/]index\.css)(?:\?.*)?$/;
const CLIENT_CHUNKS = {
  groups: [
    // The boot module stays alone: it is the only script the page asks for before its first paint.
    { name: "app", tags: ["$initial" as const], test: (id: string) => !BOOT_MODULE.test(id), priority: 2 },
    // Shared by other pages but not by `/` (forms, breadcrumbs, page heroes, the waiting list, the
    // contract's plain order facts): kept
    // out of `shared` so the home page's first load does not carry them (performance).
    {
      name: "pages",
      test: /[\\/](?:packages[\\/]ui[\\/]src[\\/]components[\\/](?:fields|Breadcrumb)\.tsx|packages[\\/]contract[\\/]src[\\/]order-facts\.ts|src[\\/](?:components[\\/](?:PageHero\.tsx|waitlist[\\/])|lib[\\/]waitlist-offer\.ts))/,
      minShareCount: 2,
      priority: 1.5,
    },
    { name: "shared", test: /[\\/]src[\\/](components|lib|content|config)[\\/]|lucide-react/, minShareCount: 2, priority: 1 },
  ],
};

/**
 * react-router's bundle creates its components at the top level (`var Form = React.forwardRef(...)`,
 * then `Form.displayName = "Form"`) without pure annotations, so the bundler keeps every one of them,
 * used or not: forms, fetchers, prefetch links, view transitions and the server-components error
 * handler, about 10 KB (3 KB gzipped) of the first load (performance, decision 258). Marking those
 * calls pure and dropping the names (only developer tools read them) lets unused ones go.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "site:react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, "= /* @__PURE__ */ $1")
          .replace(/^\w+\.displayName = "\w+";$/gm, "");
      },
    },
  };
}

// Server build: react-dom/server → preact-render-to-string. react-router(-dom) and lucide-react are
// bundled into it (ssr.noExternal) so that their own `react` imports take the aliases too; left
// external, Node would load real React for them and two renderers would meet at runtime.
const PREACT_BUILD = process.env.SITE_REACT !== "1";
const renderToString = realpathSync(
  join(dirname(fileURLToPath(import.meta.url)), "node_modules/preact-render-to-string/dist/index.mjs"),
);
const PREACT_SSR_ALIASES = [{ find: /^react-dom\/server$/, replacement: renderToString }, ...PREACT_ALIASES];

// One config for both builds: `vite build` (browser, with a manifest for route-chunk preloads)
// and `vite build --ssr src/app/entry-server.tsx` (server render module).
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), reactRouterTreeShaking(), precompress()],
  resolve: command === "build" && PREACT_BUILD ? { alias: isSsrBuild ? PREACT_SSR_ALIASES : PREACT_ALIASES } : {},
  build: isSsrBuild
    ? // Imported files (SVGs) as URLs, never inlined: the same hashed /assets/ URLs as the browser build.
      { outDir: "dist/server", emptyOutDir: true, copyPublicDir: false, assetsInlineLimit: 0 }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        assetsInlineLimit: 0,
        // Every browser we serve supports modulepreload; the polyfill would be a static import of
        // the app chunk from the boot module.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The page's script tag is the small boot module (src/app/boot.ts), which imports the
          // app after the first paint (decision 245). The app is an entry of its own so that its
          // static imports still form one `app` chunk (the `$initial` group).
          input: { index: "index.html", app: "src/app/entry-client.tsx" },
          output: { codeSplitting: CLIENT_CHUNKS },
        },
      },
  ssr: {
    // Workspace packages export TypeScript source: let Vite compile them for the server build.
    noExternal:
      command === "build" && PREACT_BUILD
        ? ["@app/ui", "@app/contract", "react-router", "lucide-react"]
        : ["@app/ui", "@app/contract"],
  },
  server: { port: 5173, strictPort: true },
}));
