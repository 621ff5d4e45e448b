/** The reports screen's calls to the API (issue 34). */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api";

export function useReports(from: string, to: string) {
  return useQuery({
    queryKey: ["reports", from, to] as const,
    queryFn: () => unwrap(api.invoices.reports({ query: { from, to } })),
  });
}
