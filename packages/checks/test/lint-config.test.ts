/**
 * The lint config catches what it promises (issue 28): each probe is a file an engineer might
 * write, linted with the workspace's own eslint.config.js at a real path (the boundary zones and
 * the type-aware rules depend on where a file is), and must be refused with the named rule.
 * If a rule is switched off or a zone stops matching its folders, this fails.
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

/**
 * Writes the probe beside the code it imitates (the type-aware rules read files through their
 * package's tsconfig, which only finds files on disk), lints it, and removes it again.
 */
async function rulesBroken(relativePath: string, code: string): Promise<string[]> {
  const file = path.join(root, relativePath);
  await writeFile(file, code, { flag: "wx" });
  try {
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
  } finally {
    await rm(file, { force: true });
  }
}

describe("the workspace lint config", () => {
  test("a feature of the admin importing another feature is refused (zones come from the folders)", async () => {
    const broken = await rulesBroken(
      "apps/admin/src/features/waitlist/lint-probe.ts",
      'import { StaffPage } from "../staff/StaffPage";\nexport const probe = StaffPage;\n',
    );
    expect(broken).toContain("import-x/no-restricted-paths");
  });

  test("a feature of the site importing another feature is refused", async () => {
    const broken = await rulesBroken(
      "apps/site/src/features/learner/lint-probe.ts",
      'import * as cart from "../cart/CartPage";\nexport const probe = cart;\n',
    );
    expect(broken).toContain("import-x/no-restricted-paths");
  });

  test("shared code importing a feature is refused", async () => {
    const broken = await rulesBroken(
      "apps/admin/src/components/lint-probe.ts",
      'import * as staff from "../features/staff/StaffPage";\nexport const probe = staff;\n',
    );
    expect(broken).toContain("import-x/no-restricted-paths");
  });

  test("a floating promise is refused, a voided one is not", async () => {
    const code = (call: string) =>
      `async function save(): Promise<number> {\n  return 1;\n}\nexport function probe(): void {\n  ${call};\n}\n`;
    expect(await rulesBroken("apps/api/src/lib/lint-probe.ts", code("save()"))).toContain(
      "@typescript-eslint/no-floating-promises",
    );
    expect(await rulesBroken("apps/api/src/lib/lint-probe.ts", code("void save()"))).toEqual([]);
  });

  test("environment variables are read only in the env modules", async () => {
    const broken = await rulesBroken("apps/api/src/lib/lint-probe.ts", "export const port = process.env.PORT;\n");
    expect(broken).toContain("no-restricted-properties");
  });

  test("a module importing another module's internal file is refused; its index.ts is allowed", async () => {
    expect(
      await rulesBroken(
        "apps/api/src/modules/bookings/lint-probe.ts",
        'import { findItems } from "../orders/repository";\nexport const probe = findItems;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "apps/api/src/modules/bookings/lint-probe.ts",
        'import { findItems } from "../orders";\nexport const probe = findItems;\n',
      ),
    ).toEqual([]);
  });

  test("code outside the modules (workers, plugins, app.ts) reaches a module only through its index.ts", async () => {
    expect(
      await rulesBroken(
        "apps/api/src/workers/lint-probe.ts",
        'import { expireDueOrders } from "../modules/orders/lifecycle";\nexport const probe = expireDueOrders;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "apps/api/src/workers/lint-probe.ts",
        'import { expireDueOrders } from "../modules/orders";\nexport const probe = expireDueOrders;\n',
      ),
    ).toEqual([]);
  });
});
