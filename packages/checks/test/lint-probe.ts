/** Lints probe files with the workspace's own eslint.config.js (shared by the lint-config tests). */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";

const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

/**
 * Writes the probe beside the code it imitates (the type-aware rules read files through their
 * package's tsconfig, which only finds files on disk), lints it, and removes it again.
 * Returns the rules the probe broke.
 */
export async function rulesBroken(relativePath: string, code: string): Promise<string[]> {
  const file = path.join(root, relativePath);
  await writeFile(file, code, { flag: "wx" });
  try {
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
  } finally {
    await rm(file, { force: true });
  }
}
