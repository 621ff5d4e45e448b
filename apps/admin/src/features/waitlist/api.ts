/** The waiting-list screen's calls to the API (waiting lists and reminders). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api";

const KEY = ["waitlist"] as const;

/** Every upcoming date with a waiting list: its line and its history. */
export function useWaitlist() {
  return useQuery({ queryKey: KEY, queryFn: () => unwrap(api.waitlist.list({ query: {} })) });
}

export type WaitlistAction = "moveUp" | "remove" | "offerNow";

/** Move up, remove, offer by hand: each answers the date's new list; the screen reloads them all. */
export function useWaitlistAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: WaitlistAction; id: number }) => unwrap(api.waitlist[action]({ params: { id } })),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
