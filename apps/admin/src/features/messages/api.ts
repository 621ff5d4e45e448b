/** The messages screen's call to the API. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "@app/contract";
import { api, queryKeys } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";

/** One page of the messages, paged on the server (decision 112): the items and the total. */
export function useMessagesPage(page: number, limit: number) {
  return useQuery({
    queryKey: [...queryKeys.messages, page, limit],
    queryFn: () => unwrapPage<ContactMessage>(api.messages.list({ query: { page, limit } })),
    placeholderData: keepPreviousData,
  });
}
