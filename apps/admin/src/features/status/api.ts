/** The status page's and the alert banner's calls to the API (operations). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, PASSIVE, queryKeys, unwrap } from "../../lib/api";

const POLL_MS = 60_000;

export function useSystemStatus() {
  return useQuery({
    queryKey: queryKeys.status,
    // Polling is not the user's activity: it must not keep an idle session alive.
    queryFn: () => unwrap(api.ops.status({ extraHeaders: PASSIVE })),
    refetchInterval: POLL_MS,
  });
}

/** Releases the mail and jobs held after a restore (decision 302); the status is read again. */
export function useReleaseOutgoing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.ops.releaseOutgoing({})),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.status }),
  });
}
