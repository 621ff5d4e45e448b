/** The discount screens' calls to the API: queries, mutations and their cache keys, in one place. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Discount, DiscountCreateInput, DiscountUpdateInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";

/** One page of the codes, paged on the server (decision 112): the items and the total. */
export function useDiscountsPage(page: number, limit: number) {
  return useQuery({
    queryKey: [...queryKeys.discounts, "page", page, limit],
    queryFn: () => unwrapPage<Discount>(api.discounts.list({ query: { page, limit } })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Creates a code; the list is fetched again before `onSuccess` runs. */
export function useCreateDiscount(options: { onSuccess: () => void | Promise<void>; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCreateInput) => unwrap(api.discounts.create({ body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.discounts, "page"] });
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

/** The courses a code can be limited to (the office's list, drafts included). */
export function useCourseChoices() {
  return useQuery({ queryKey: queryKeys.courses, queryFn: () => unwrap(api.courses.adminList()) });
}
