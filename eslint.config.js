// One ESLint config for the whole workspace (flat config, typescript-eslint recommended plus the
// type-aware promise rules).
// Besides correctness it enforces the shape the code is meant to keep (docs/decisions/160):
// React hooks rules, no import cycles, feature boundaries in the two front ends, the API's layers, and
// environment variables read only in the env modules.
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

/** bulletproof-react zones: a feature imports no other feature; shared code imports no feature and not the app shell. */
function featureZones(appDir, features, { shared, exceptions = {}, appExceptions = {}, sharedExceptions = [] }) {
  const featuresDir = at(appDir, "src/features");
  return [
    ...features.map((feature) => ({
      target: path.join(featuresDir, feature),
      from: featuresDir,
      except: [`./${feature}`, ...(exceptions[feature] ?? []).map((other) => `./${other}`)],
      message: "A feature imports no other feature: move what both need to shared code (components, lib, config).",
    })),
    ...features.map((feature) => ({
      target: path.join(featuresDir, feature),
      from: at(appDir, "src/app"),
      except: (appExceptions[feature] ?? []).map((file) => `./${file}`),
      message: "Features do not import the app shell (routes, layout); the app composes the features.",
    })),
    {
      target: shared.map((dir) => at(appDir, "src", dir)),
      from: featuresDir,
      except: sharedExceptions,
      message: "Shared code imports no feature: the arrows point from app to features to shared.",
    },
    {
      target: shared.map((dir) => at(appDir, "src", dir)),
      from: at(appDir, "src/app"),
      message: "Shared code does not import the app shell: the arrows point from app to features to shared.",
    },
  ];
}

/** Every folder under an app's src/features is a feature: the zones follow the folders, so a new feature cannot be left out. */
function featuresOf(appDir) {
  return fs
    .readdirSync(at(appDir, "src/features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * API modules meet only through their front door (docs/decisions/370): a file of one module may
 * import another module's `index.ts` (`../orders`), never its internal files (`../orders/repository`).
 * Code outside the modules (app.ts, plugins, workers, cli, db/seed) uses the front doors too. The
 * zones follow the folders of apps/api/src/modules, so a new module is guarded on the day it appears.
 */
function moduleZones() {
  const src = at("apps/api/src");
  const modulesDir = path.join(src, "modules");
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const frontDoors = modules.map((name) => `./${name}/index.ts`);
  const message =
    "Modules meet only through index.ts: import `../<module>`, not one of its internal files (add what you need to its index.ts).";
  const outside = fs
    .readdirSync(src)
    .filter((name) => name !== "modules")
    .map((name) => path.join(src, name));
  return [
    ...modules.map((name) => ({
      target: path.join(modulesDir, name),
      from: modulesDir,
      except: [`./${name}`, ...frontDoors],
      message,
    })),
    { target: outside, from: modulesDir, except: frontDoors, message },
  ];
}

const ADMIN_FEATURES = featuresOf("apps/admin");
const SITE_FEATURES = featuresOf("apps/site");

/** Files that may build queries: repositories, and the database's own code (client, migrations, seed, bootstrap). */
const API_DATA_ACCESS_FILES = ["apps/api/src/**/*repository*.ts", "apps/api/src/**/repositories/**", "apps/api/src/db/**"];
/** HTTP route files: ts-rest routers and the few plain Fastify route plugins. */
const API_ROUTER_FILES = ["apps/api/src/**/*router*.ts", "apps/api/src/**/*routes*.ts"];
const LAYERS = "Router → service → repository (docs/decisions/380)";
/** drizzle-orm's query builders and operators; its types (SQL, InferSelectModel) may be imported anywhere. */
const DRIZZLE_VALUES = {
  name: "drizzle-orm",
  allowTypeImports: true,
  message: `${LAYERS}: only a repository (a *repository*.ts file or a repositories/ folder) builds queries.`,
};
const SCHEMA_TABLES = {
  group: ["**/db/schema", "**/db/schema/*", "drizzle-orm/*"],
  allowTypeImports: true,
  message: `${LAYERS}: tables are read and written only in a repository; import its row types with \`import type\`.`,
};
const DB_CLIENT_IN_ROUTER = {
  group: ["**/db/client"],
  message: `${LAYERS}: a router passes app.db to a service and never handles the database itself.`,
};
const ROUTER_NO_SQL = [
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: `${LAYERS}: no SQL in a router; move the query into the module's repository.`,
  },
  {
    selector: "CallExpression[callee.property.name=/^(transaction|execute)$/]",
    message: `${LAYERS}: no transactions or raw statements in a router; a service opens the transaction.`,
  },
  {
    selector:
      "MemberExpression[object.property.name='db'][property.name=/^(select|selectDistinct|insert|update|delete|query|\\$count)$/]",
    message: `${LAYERS}: no queries in a router; call the module's service.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.data/**",
      "**/drizzle/**",
      "**/*.config.*",
      "**/.stryker-tmp/**",
      "**/reports/**",
      // Generated from the OpenAPI document by openapi-typescript (apps/api/test/openapi-client.test.ts checks it is current).
      "apps/api/test/openapi-client/schema.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules (each file read with its package's tsconfig): a promise nobody awaits loses
    // its error (an unhandled rejection, or a redirect that never happens) without a word.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["warn", { allow: ["warn", "error", "info"] }],
    },
  },

  // ---------------------------------------------------------------- import graph
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      // Type-only imports count too: a cycle of types still ties the modules together.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
    },
  },

  // ---------------------------------------------------------------- React
  {
    // Browser tests are not React: their fixtures' `use` is vitest's, not React's.
    files: ["apps/site/src/**/*.{ts,tsx}", "apps/admin/src/**/*.{ts,tsx}", "packages/ui/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },

  // ---------------------------------------------------------------- front-end boundaries
  {
    files: ["apps/admin/src/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: featureZones("apps/admin", ADMIN_FEATURES, { shared: ["components", "lib", "config", "styles"] }),
        },
      ],
    },
  },
  {
    files: ["apps/site/src/**/*.{ts,tsx}"],
    // Unit tests check pages and shared code together; the zones are about the app's own imports.
    ignores: ["apps/site/src/**/__tests__/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: featureZones("apps/site", SITE_FEATURES, {
            // The cart store lives in stores/ (shared): the header, the course page and the cart read it.
            shared: ["components", "lib", "config", "content", "styles", "stores"],
          }),
        },
      ],
    },
  },

  // ---------------------------------------------------------------- API layers
  // Router → service → repository (docs/decisions/380): only repositories (and src/db: client,
  // migrations, seed, bootstrap) build queries; routers hold no SQL, no transactions and no db client.
  {
    files: ["apps/api/src/**/*.ts"],
    ignores: API_DATA_ACCESS_FILES,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [DRIZZLE_VALUES], patterns: [SCHEMA_TABLES] }],
    },
  },
  {
    files: API_ROUTER_FILES,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [DRIZZLE_VALUES], patterns: [SCHEMA_TABLES, DB_CLIENT_IN_ROUTER] },
      ],
      "no-restricted-syntax": ["error", ...ROUTER_NO_SQL],
    },
  },
  // ---------------------------------------------------------------- API module boundaries
  {
    files: ["apps/api/src/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: moduleZones() }],
    },
  },

  // ---------------------------------------------------------------- plain Node scripts
  {
    // Production's plain-JS servers and scripts run in Node, not in a browser (decision 275).
    files: ["apps/admin/server.mjs", "scripts/**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        setInterval: "readonly",
        clearTimeout: "readonly",
        clearInterval: "readonly",
      },
    },
  },

  // ---------------------------------------------------------------- environment
  {
    files: ["apps/**/*.{ts,tsx,js,mjs}", "packages/**/*.{ts,tsx,js,mjs}"],
    ignores: [
      // The env modules: the one place each program reads its environment.
      "apps/api/src/env.ts",
      "apps/site/src/config/server/env.ts",
      "packages/e2e-kit/src/env.ts",
      "packages/smoke/src/env.ts",
      // The admin's production server: configFromEnv is its env module (decision 275).
      "apps/admin/server.mjs",
      // Test harness set-up: the test runs' own env modules (where the runner's settings come in).
      "apps/*/e2e/global-setup.ts",
      "apps/api/test/global-setup.ts",
      "apps/api/test/env.ts",
      // Tests of the env handling itself set and restore variables.
      "packages/e2e-kit/test/**",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read environment variables only in the env module (apps/api/src/env.ts, apps/site/src/config/server/env.ts).",
        },
      ],
    },
  },
);
