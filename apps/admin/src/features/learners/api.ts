/** Learner records' calls: the dates, one date's board and register, register changes, downloads. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LearnerBoard, RegisterLearner } from "@app/contract";
import { api, unwrap } from "../../lib/api";
import { API_URL } from "../../lib/config";
import { httpError, toApiError } from "../../lib/errors";

export const learnerKeys = {
  dates: ["learner-dates"] as const,
  board: (dateId: number) => ["learner-board", dateId] as const,
};

export function useLearnerDates() {
  return useQuery({ queryKey: learnerKeys.dates, queryFn: () => unwrap(api.learners.dates()) });
}

export function useLearnerBoard(dateId: number) {
  return useQuery({
    queryKey: learnerKeys.board(dateId),
    queryFn: () => unwrap(api.learners.board({ params: { dateId }, query: { filter: "all" } })),
    enabled: Number.isInteger(dateId) && dateId > 0,
  });
}

type Change =
  | { kind: "id"; checked: boolean; document_type?: RegisterLearner["id_document_type"] }
  | { kind: "attendance"; day: string; status: "present" | "absent" | "late" | null; arrived_at?: string | null }
  | { kind: "results"; results: { unit: string; result: "pass" | "fail" | "resit" | null }[] }
  | { kind: "certificate"; issued: boolean };

/** One register change; the board is updated with the learner the API answers with. */
export function useRegisterChange(dateId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: Change }) => {
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
              body: { day: change.day, status: change.status, arrived_at: change.arrived_at ?? null },
            }),
          );
        case "results":
          return unwrap(api.learners.results({ params, body: { results: change.results } }));
        case "certificate":
          return unwrap(api.learners.certificate({ params, body: { issued: change.issued } }));
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

/** Downloads a file the API serves only to a signed-in session (the cookie goes with the call). */
export async function downloadFile(path: string, filename: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, { credentials: "include" });
  } catch (e) {
    throw toApiError(e);
  }
  if (!res.ok) {
    throw httpError(res.status, await res.json().catch(() => ({})));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
