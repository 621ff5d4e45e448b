/**
 * The API's modules form no cycle (docs/decisions/370): the graph of which module imports which
 * is read from the import statements of apps/api/src/modules (type-only imports count: a cycle
 * of types still ties two modules together), and must be acyclic, so no two modules import each
 * other and no longer loop exists. Lint (import-x/no-cycle) guards files; this guards modules.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const modulesDir = path.join(root, "apps/api/src/modules");

type Graph = Map<string, Map<string, string[]>>;

/** Every TypeScript file under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a path lies in (null: outside the modules folder). */
function moduleOf(file: string): string | null {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? null : rel.split(path.sep)[0]!;
}

/** Relative specifiers of a file's static and dynamic imports and re-exports. */
export function specifiersOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']*)["']/gm);
  return [...found].map((m) => m[1]!);
}

/** module -> imported module -> the files that import it. */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of filesUnder(modulesDir)) {
    const from = moduleOf(file)!;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of specifiersOf(readFileSync(file, "utf8"))) {
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), path.relative(modulesDir, file)]);
    }
  }
  return graph;
}

/** The cycles of a graph, each as the list of its modules (first one repeated at the end). */
export function cyclesOf(edges: Map<string, Iterable<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("the API's module graph", () => {
  test("has no cycle: no two modules import each other, and no longer loop", () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const cycles = cyclesOf(new Map([...graph].map(([from, to]) => [from, [...to.keys()].sort()])));
    const described = cycles.map((cycle) =>
      cycle
        .slice(1)
        .map((to, n) => `${cycle[n]} -> ${to} (${graph.get(cycle[n]!)!.get(to)!.join(", ")})`)
        .join("; "),
    );
    expect(described).toEqual([]);
  });

  test("the orders module imports neither payments nor bookings (they call it)", () => {
    const orders = moduleGraph().get("orders")!;
    expect([...orders.keys()]).not.toContain("payments");
    expect([...orders.keys()]).not.toContain("bookings");
  });

  test("the cycle finder sees a pair and a longer loop, and passes a tree", () => {
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "a"]]);
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c", "a"]]);
    expect(
      cyclesOf(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });

  test("import statements are read in every form (type-only, re-export, dynamic, multi-line)", () => {
    const source = [
      'import type { A } from "../orders";',
      'export { B } from "../mail/outbox";',
      'const c = await import("../courses");',
      "import {\n  D,\n  E,\n} from '../activity';",
      'import "../side-effect";',
      'import { F } from "drizzle-orm";',
    ].join("\n");
    expect(specifiersOf(source)).toEqual(["../orders", "../mail/outbox", "../courses", "../activity", "../side-effect"]);
  });
});
