/** The Scheduled mail screen's calls to the API (waiting lists and reminders). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScheduledMail, ScheduledMailView } from "@app/contract";
import { api, unwrap } from "../../lib/api";

export const scheduledMailKey = ["scheduled-mail"] as const;

export function useScheduledMail(view: ScheduledMailView, page: number, limit: number) {
  return useQuery({
    queryKey: [...scheduledMailKey, view, page, limit],
    queryFn: () => unwrap(api.jobs.scheduledMail({ query: { view, page, limit } })),
    placeholderData: keepPreviousData,
  });
}

/** Sends a failed mail again (outbox) or plans a failed scheduled mail again. */
export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mail: ScheduledMail) =>
      unwrap(
        mail.source === "outbox"
          ? api.jobs.retryOutbox({ params: { id: mail.id } })
          : api.jobs.retrySchedule({ params: { id: mail.id } }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: scheduledMailKey }),
  });
}
