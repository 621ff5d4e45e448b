/**
 * The API's layers (docs/decisions/380) are enforced by lint: each probe is a file an engineer might
 * write in an API module, linted at a real path with the workspace's eslint.config.js. A router may
 * not run SQL or open a transaction, a file that is not a repository may not import drizzle-orm's
 * query builders or a table, and a repository doing the same is accepted.
 */
import { describe, expect, test } from "vitest";
import { rulesBroken } from "./lint-probe";

const MODULE = "apps/api/src/modules/shops";

const sqlInRouter = `import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
export async function probe(app: FastifyInstance): Promise<unknown> {
  return app.db.execute(sql\`select count(*) from shop_items\`);
}
`;

const transactionInRouter = `import type { FastifyInstance } from "fastify";
export async function probe(app: FastifyInstance): Promise<number> {
  return app.db.transaction(async () => 1);
}
`;

const queryBuilderInRouter = `import type { FastifyInstance } from "fastify";
export async function probe(app: FastifyInstance): Promise<unknown> {
  return app.db.query.shopItems.findMany();
}
`;

const tableQuery = `import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { shopItems } from "../../db/schema";
export async function probe(db: DbOrTx): Promise<unknown> {
  await db.execute(sql\`select 1\`);
  return db.select().from(shopItems).orderBy(asc(shopItems.id));
}
`;

describe("the API's layers in the lint config", () => {
  test("a router running SQL is refused", async () => {
    const broken = await rulesBroken(`${MODULE}/lint-probe-router.ts`, sqlInRouter);
    expect(broken).toContain("no-restricted-syntax");
    expect(broken).toContain("@typescript-eslint/no-restricted-imports");
  });

  test("a router opening a transaction is refused", async () => {
    expect(await rulesBroken(`${MODULE}/lint-probe-router.ts`, transactionInRouter)).toEqual(["no-restricted-syntax"]);
  });

  test("a router querying through app.db is refused, and so is a route plugin file", async () => {
    expect(await rulesBroken(`${MODULE}/lint-probe-router.ts`, queryBuilderInRouter)).toEqual(["no-restricted-syntax"]);
    expect(await rulesBroken(`${MODULE}/lint-probe-routes.ts`, transactionInRouter)).toEqual(["no-restricted-syntax"]);
  });

  test("a router importing the db client is refused", async () => {
    const broken = await rulesBroken(
      `${MODULE}/lint-probe-router.ts`,
      'import { createDb } from "../../db/client";\nexport const probe = createDb;\n',
    );
    expect(broken).toEqual(["@typescript-eslint/no-restricted-imports"]);
  });

  test("a service importing a table or a query builder is refused", async () => {
    const broken = await rulesBroken(`${MODULE}/lint-probe-service.ts`, tableQuery);
    expect(broken).toEqual(["@typescript-eslint/no-restricted-imports", "@typescript-eslint/no-restricted-imports"]);
    const table = await rulesBroken(
      "apps/api/src/workers/lint-probe.ts",
      'import { shopItems } from "../db/schema";\nexport const probe = shopItems;\n',
    );
    expect(table).toEqual(["@typescript-eslint/no-restricted-imports"]);
  });

  test("a repository doing the same is accepted (any file named *repository*.ts)", async () => {
    expect(await rulesBroken(`${MODULE}/lint-probe-repository.ts`, tableQuery)).toEqual([]);
    expect(await rulesBroken(`${MODULE}/lint-probe-item-repository.ts`, tableQuery)).toEqual([]);
  });

  test("a service may import row types and drizzle-orm's types", async () => {
    const types = `import type { SQL } from "drizzle-orm";
import type { DiscountCodeRow } from "../../db/schema";
export type Probe = { row: DiscountCodeRow; where: SQL };
`;
    expect(await rulesBroken(`${MODULE}/lint-probe-service.ts`, types)).toEqual([]);
  });
});
