/** The dashboard's own call to the API (its activity block reads the shared activity log). */
import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useDashboardCards() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: () => unwrap(api.admin.dashboard()) });
}

/** How often the warnings are asked again while the dashboard is open: a failing payment page is news. */
const WARNINGS_POLL_MS = 60_000;

/** What the office must act on now (decision 272): payment pages that could not be opened. */
export function useDashboardWarnings() {
  return useQuery({
    queryKey: queryKeys.dashboardWarnings,
    queryFn: () => unwrap(api.admin.dashboardWarnings()),
    refetchInterval: WARNINGS_POLL_MS,
  });
}
