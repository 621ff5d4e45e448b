/** The dashboard's own call to the API (its activity block reads the shared activity log). */
import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useDashboardCards() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: () => unwrap(api.admin.dashboard()) });
}
