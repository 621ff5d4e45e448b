/** What `lighthouse.ts` reads from one Lighthouse report, the phone targets it checks them against, and the median of runs. */
import type { Result } from "lighthouse";

export const TARGET = { score: 100, lcpMs: 1200, cls: 0.01, tbtMs: 50, homeJsKb: 60 };

export interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  jsRequests: number;
  lcpElement: string;
  warnings: string[];
}

export function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  // Bytes on the wire (compressed as served) of every script the page loaded.
  const requests = (
    (audit("network-requests")?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
    []
  ).filter((r) => r.resourceType === "Script");
  // Lighthouse 13 names the LCP element in the LCP breakdown insight (a node item).
  const lcpItems = (
    audit("lcp-breakdown-insight")?.details as { items?: { type?: string; selector?: string; nodeLabel?: string }[] } | undefined
  )?.items;
  const node = lcpItems?.find((i) => i.type === "node");
  const snippet = node ? `${node.selector ?? ""} "${(node.nodeLabel ?? "").replace(/\s+/g, " ").slice(0, 40)}"` : "";
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbtMs: num("total-blocking-time"),
    jsBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsRequests: requests.length,
    lcpElement: snippet,
    warnings: lhr.runWarnings,
  };
}

/** Failed audits of the performance category that cost score, for the "what to fix" list. */
export function opportunities(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is NonNullable<typeof a> =>
        Boolean(a) &&
        a!.score !== null &&
        a!.score < 0.9 &&
        a!.scoreDisplayMode !== "informative" &&
        a!.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
