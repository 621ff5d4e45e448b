/**
 * The enrolment screens' calls to the API (decision 536): the list asks for one page of its
 * filters and the date choice for the dates with bookings; the register asks for its one date.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Enrollment, EnrollmentsQueryInput } from "@app/contract";
import { api, queryKeys, unwrap } from "../../lib/api";
import { fetchAllPages, unwrapPage } from "../../lib/paging";

export const enrolmentKeys = {
  page: (query: EnrollmentsQueryInput) => [...queryKeys.enrollments, "page", query] as const,
  dates: [...queryKeys.enrollments, "course-dates"] as const,
  ofDate: (courseDateId: number) => [...queryKeys.enrollments, "date", courseDateId] as const,
};

/** One page of the bookings, searched and filtered on the server (x-total-count). */
export function useEnrollmentsPage(query: EnrollmentsQueryInput, enabled = true) {
  return useQuery({
    queryKey: enrolmentKeys.page(query),
    queryFn: () => unwrapPage<Enrollment>(api.orders.enrollments({ query })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The course dates that have bookings the viewer may see (the list's date choice). */
export function useEnrollmentDates() {
  return useQuery({
    queryKey: enrolmentKeys.dates,
    queryFn: () => unwrap(api.orders.enrollmentDates()),
  });
}

/** Every booking on one course date (a date holds its places, so a page or two): the register. */
export function useDateEnrollments(courseDateId: number) {
  const valid = Number.isInteger(courseDateId) && courseDateId > 0;
  return useQuery({
    queryKey: enrolmentKeys.ofDate(valid ? courseDateId : 0),
    queryFn: () =>
      valid
        ? fetchAllPages<Enrollment>((query) => api.orders.enrollments({ query: { ...query, course_date_id: courseDateId } }))
        : Promise.resolve([]),
  });
}

/** Every booking the filters find, read page by page when the list is exported. */
export function fetchFilteredEnrollments(query: Omit<EnrollmentsQueryInput, "page" | "limit">): Promise<Enrollment[]> {
  return fetchAllPages<Enrollment>((paging) => api.orders.enrollments({ query: { ...query, ...paging } }));
}
