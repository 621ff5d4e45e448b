/** The saved-items screens' calls to the API: queries, mutations and their cache keys, in one place. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShopItem, ShopItemCreateInput, ShopItemUpdateInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useShopItems() {
  return useQuery({ queryKey: queryKeys.shops, queryFn: () => unwrap(api.shops.list()), staleTime: 0 });
}

/** Adds an item; the list is fetched again before `onSuccess` runs. */
export function useCreateShopItem(options: { onSuccess: (item: ShopItem) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopItemCreateInput) => unwrap(api.shops.create({ body })),
    onSuccess: async (item) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.shops, exact: true });
      options.onSuccess(item);
    },
    onError: options.onError,
  });
}

/** One item's record calls, for useRecordDetail. */
export function shopItemRecord(id: number) {
  return {
    recordKey: queryKeys.shop(id),
    listKey: queryKeys.shops,
    load: () => unwrap(api.shops.byId({ params: { id } })),
    save: (body: ShopItemUpdateInput) => unwrap(api.shops.update({ params: { id }, body })),
    remove: () => unwrap(api.shops.remove({ params: { id } })),
  };
}
