/** The discount screens' calls to the API: queries, mutations and their cache keys, in one place. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DiscountCreateInput, DiscountUpdateInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useDiscounts() {
  return useQuery({ queryKey: queryKeys.discounts, queryFn: () => unwrap(api.discounts.list()), staleTime: 0 });
}

/** Creates a code; the list is fetched again before `onSuccess` runs. */
export function useCreateDiscount(options: { onSuccess: () => void | Promise<void>; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCreateInput) => unwrap(api.discounts.create({ body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.discounts, exact: true });
      await options.onSuccess();
    },
    onError: options.onError,
  });
}

/** One code's record calls, for useRecordDetail. */
export function discountRecord(id: number) {
  return {
    recordKey: queryKeys.discount(id),
    listKey: queryKeys.discounts,
    load: () => unwrap(api.discounts.byId({ params: { id } })),
    save: (body: DiscountUpdateInput) => unwrap(api.discounts.update({ params: { id }, body })),
    remove: () => unwrap(api.discounts.remove({ params: { id } })),
  };
}
