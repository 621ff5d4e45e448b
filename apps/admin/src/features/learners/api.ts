/** Learner records' calls: the dates, one date's board and register, register changes, downloads. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  LEARNER_DATES_PAGE_SIZE,
  type LearnerBoard,
  type LearnerDateSummary,
  type LearnerDateWindow,
  type RegisterLearner,
} from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { unwrapPage } from "../../lib/paging";

export const learnerKeys = {
  dates: ["learner-dates"] as const,
  board: (dateId: number) => ["learner-board", dateId] as const,
};

/** One page of the learner dates (decision 530): current (this week's and coming) or past, the total from the API. */
export function useLearnerDates(when: LearnerDateWindow, page: number) {
  return useQuery({
    queryKey: [...learnerKeys.dates, when, page],
    queryFn: () => unwrapPage<LearnerDateSummary>(api.learners.dates({ query: { when, page, limit: LEARNER_DATES_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });
}

export function useLearnerBoard(dateId: number) {
  return useQuery({
    queryKey: learnerKeys.board(dateId),
    queryFn: () => unwrap(api.learners.board({ params: { dateId }, query: { filter: "all" } })),
    enabled: Number.isInteger(dateId) && dateId > 0,
  });
}

export type RegisterChange =
  | { kind: "id"; checked: boolean; document_type?: RegisterLearner["id_document_type"] }
  | { kind: "attendance"; day: string; status: "present" | "absent" | "late" | null; arrived_at?: string | null }
  | { kind: "results"; results: { unit: string; result: "pass" | "fail" | "resit" | null }[] }
  | { kind: "certificate"; issued: boolean }
  | { kind: "evidenceSeen"; seen: boolean };

/** The office's reason to record before the day (decision 330); trainers never send one. */
type Early = { override_reason?: string };

/** One register change; the board is updated with the learner the API answers with. */
export function useRegisterChange(dateId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change, early = {} }: { id: number; change: RegisterChange; early?: Early }) => {
      const params = { id };
      switch (change.kind) {
        case "id":
          return unwrap(
            api.learners.checkId({
              params,
              body: { checked: change.checked, ...(change.document_type ? { document_type: change.document_type } : {}) },
            }),
          );
        case "attendance":
          return unwrap(
            api.learners.attendance({
              params,
              body: { day: change.day, status: change.status, arrived_at: change.arrived_at ?? null, ...early },
            }),
          );
        case "results":
          return unwrap(api.learners.results({ params, body: { results: change.results, ...early } }));
        case "certificate":
          return unwrap(api.learners.certificate({ params, body: { issued: change.issued } }));
        case "evidenceSeen":
          return unwrap(api.learners.evidenceSeen({ params, body: { seen: change.seen } }));
      }
    },
    onSuccess: (learner) => {
      client.setQueryData<LearnerBoard>(learnerKeys.board(dateId), (b) =>
        b ? { ...b, learners: b.learners.map((l) => (l.id === learner.id ? learner : l)) } : b,
      );
      void client.invalidateQueries({ queryKey: learnerKeys.dates });
    },
  });
}

/** "Mark everyone present" for one day (learners already marked keep their mark). */
export function useMarkAllPresent(dateId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { day: string; override_reason?: string }) =>
      unwrap(api.learners.markAllPresent({ params: { dateId }, body })),
    onSuccess: (board) => {
      client.setQueryData<LearnerBoard>(learnerKeys.board(dateId), board);
      void client.invalidateQueries({ queryKey: learnerKeys.dates });
    },
  });
}

export { downloadFile } from "../../lib/download";
