/** The payouts screens' calls to the API (issue 34). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api";

export const PAYOUTS_KEY = ["payouts"] as const;

export function usePayouts() {
  return useQuery({ queryKey: PAYOUTS_KEY, queryFn: () => unwrap(api.invoices.payouts()) });
}

/** Fetches the provider's payouts and matches them; the list is the server's answer. */
export function useSyncPayouts(options: { onSuccess: (count: number) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.invoices.syncPayouts()),
    onSuccess: (payouts) => {
      queryClient.setQueryData(PAYOUTS_KEY, payouts);
      options.onSuccess(payouts.length);
    },
    onError: options.onError,
  });
}
