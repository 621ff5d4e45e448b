/**
 * The query logger of the volume test (decision 462): records what the app sends through a pool
 * while `fn` runs (the pool's own queries and those of clients it lends), and walks EXPLAIN's JSON.
 */
import type pg from "pg";

export type Captured = { text: string; values: unknown[] };

type QueryArg = string | { text: string; values?: unknown[] };

function record(into: Captured[], arg: QueryArg, values: unknown) {
  const text = typeof arg === "string" ? arg : arg.text;
  const vals = (typeof arg === "string" ? values : (arg.values ?? values)) as unknown[] | undefined;
  if (/^\s*(select|with)\b/i.test(text)) into.push({ text, values: Array.isArray(vals) ? vals : [] });
}

/** Runs `fn` and returns every SELECT sent through `pool` meanwhile (transactions included). */
export async function captureQueries(pool: pg.Pool, fn: () => Promise<void>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const p = pool as unknown as { connect: (...a: unknown[]) => unknown };
  const origConnect = p.connect;
  let capturing = true;
  const wrap = (client: { query: (...b: unknown[]) => unknown }) => {
    const q = client.query;
    client.query = function (this: unknown, ...b: unknown[]) {
      if (capturing) record(captured, b[0] as QueryArg, b[1]);
      return q.apply(this, b);
    };
    return () => (client.query = q);
  };
  const unwraps = new Map<object, () => void>();
  const seen = (client: unknown) => {
    const c = client as { query: (...b: unknown[]) => unknown };
    if (c && !unwraps.has(c)) unwraps.set(c, wrap(c));
  };
  // pool.query lends a client through connect(callback); the handlers through connect().
  p.connect = function (this: unknown, ...a: unknown[]) {
    const cb = a[0];
    if (typeof cb === "function") {
      return origConnect.call(this, (err: unknown, client: unknown, done: unknown) => {
        if (!err) seen(client);
        (cb as (...x: unknown[]) => void)(err, client, done);
      });
    }
    return (origConnect.apply(this, a) as Promise<unknown>).then((client) => {
      seen(client);
      return client;
    });
  };
  try {
    await fn();
  } finally {
    capturing = false;
    p.connect = origConnect;
    for (const undo of unwraps.values()) undo();
  }
  return captured;
}

type PlanNode = {
  "Node Type"?: string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
  Plan?: PlanNode;
};

/** Nodes that read all their input before giving a row: a Limit above them does not stop a scan below. */
const BLOCKING = new Set(["Sort", "Aggregate", "Hash", "Materialize", "WindowAgg", "SetOp"]);

/**
 * The tables a plan reads from end to end: a sequential scan, or an index scan with no condition
 * that no Limit stops (what the planner picks instead of a sequential scan when those are off).
 */
export function fullReadsOf(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (n: PlanNode | undefined, limited: boolean) => {
    if (!n) return;
    const type = n["Node Type"] ?? "";
    const table = n["Relation Name"];
    if (table && type === "Seq Scan") out.push(table);
    if (table && (type === "Index Scan" || type === "Index Only Scan") && !n["Index Cond"] && !limited) out.push(table);
    const next = type === "Limit" ? true : BLOCKING.has(type) ? false : limited;
    walk(n.Plan, next);
    for (const child of n.Plans ?? []) walk(child, next);
  };
  for (const top of (Array.isArray(plan) ? plan : [plan]) as PlanNode[]) walk(top, false);
  return out;
}
