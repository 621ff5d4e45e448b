import { defineConfig } from "drizzle-kit";

// Generation only (`pnpm --filter api db:generate`); migrations are applied by src/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
  casing: undefined,
});
