/** The messages screen's calls to the API. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactMessage, MessageFilter } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";

/** One page of the messages (all, unhandled or handled), paged on the server (decision 112): the items and the total. */
export function useMessagesPage(page: number, limit: number, status: MessageFilter = "all") {
  return useQuery({
    queryKey: [...queryKeys.messages, status, page, limit],
    queryFn: () => unwrapPage<ContactMessage>(api.messages.list({ query: { page, limit, status } })),
    placeholderData: keepPreviousData,
  });
}

/** Marks a message handled or unhandled; every page of the list is fetched again (it may leave a filter). */
export function useSetHandled(options: { onSuccess: (message: ContactMessage) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      unwrap(api.messages.setHandled({ params: { id }, body: { handled } })),
    onSuccess: async (message) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.messages });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      options.onSuccess(message);
    },
    onError: options.onError,
  });
}
