/** The training screens' calls to the API: queries, mutations and their cache keys, in one place. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrainingCreateInput, TrainingUpdateInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useTrainings() {
  return useQuery({
    queryKey: queryKeys.courses,
    queryFn: () => unwrap(api.courses.list()),
    // The list must show a change made a moment ago on the detail screen.
    staleTime: 0,
  });
}

/** Creates a training; the course lists are fetched again before `onSuccess` runs. */
export function useCreateTraining(options: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingCreateInput) => unwrap(api.courses.create({ body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses });
      options.onSuccess();
    },
    onError: options.onError,
  });
}

/** One training's record calls, for useRecordDetail; `reload` fetches what the server holds now. */
export function useTrainingRecord(id: number) {
  const queryClient = useQueryClient();
  return {
    recordKey: queryKeys.course(id),
    listKey: queryKeys.courses,
    load: () => unwrap(api.courses.byId({ params: { id } })),
    save: (body: TrainingUpdateInput) => unwrap(api.courses.update({ params: { id }, body })),
    remove: () => unwrap(api.courses.remove({ params: { id } })),
    reload: () => queryClient.invalidateQueries({ queryKey: queryKeys.course(id) }),
  };
}
