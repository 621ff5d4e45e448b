/** The training screens' calls to the API: queries, mutations and their cache keys, in one place. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCourseDetail, CourseSeriesInput, CourseStatus, TrainingCreateInput, TrainingUpdateInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";

/** The office's list: drafts included, in the catalogue's order. */
export function useTrainings() {
  return useQuery({
    queryKey: queryKeys.courses,
    queryFn: () => unwrap(api.courses.adminList()),
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
    load: () => unwrap(api.courses.adminById({ params: { id } })),
    save: (body: TrainingUpdateInput) => unwrap(api.courses.update({ params: { id }, body })),
    remove: (confirm = false) => unwrap(api.courses.remove({ params: { id }, query: confirm ? { confirm: "true" } : {} })),
    reload: () => queryClient.invalidateQueries({ queryKey: queryKeys.course(id) }),
  };
}

/** After a change of one course: its record holds the answer, the list is fetched again. */
function useCourseChanged() {
  const queryClient = useQueryClient();
  return async (course: AdminCourseDetail) => {
    queryClient.setQueryData(queryKeys.course(course.id), course);
    await queryClient.invalidateQueries({ queryKey: queryKeys.courses, exact: true });
  };
}

/** Publish or back to draft. */
export type StatusChange = { id: number; status: CourseStatus; confirm?: boolean };

export function useSetCourseStatus(options: {
  onSuccess: (course: AdminCourseDetail) => void;
  onError: (error: Error, change: StatusChange) => void;
}) {
  const changed = useCourseChanged();
  return useMutation({
    mutationFn: ({ id, status, confirm }: StatusChange) =>
      unwrap(api.courses.setStatus({ params: { id }, body: { status, ...(confirm ? { confirm } : {}) } })),
    onSuccess: async (course) => {
      await changed(course);
      options.onSuccess(course);
    },
    onError: options.onError,
  });
}

/** The whole catalogue order (every live course id, first shown first). */
export function useReorderCourses(options: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => unwrap(api.courses.reorder({ body: { ids } })),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.courses, list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses, exact: true }),
    onError: options.onError,
  });
}

/** 'Add repeating dates': the series is written by the API in one transaction. */
export function useAddSeries(
  id: number,
  options: { onSuccess: (course: AdminCourseDetail) => void; onError: (error: Error) => void },
) {
  const changed = useCourseChanged();
  return useMutation({
    mutationFn: (body: CourseSeriesInput) => unwrap(api.courses.addSeries({ params: { id }, body })),
    onSuccess: async (course) => {
      await changed(course);
      options.onSuccess(course);
    },
    onError: options.onError,
  });
}
