/** The enrolment screens' call to the API (the list and the register read the same bookings). */
import { useQuery } from "@tanstack/react-query";
import type { Enrollment } from "@app/contract";
import { api, queryKeys } from "../../lib/api";
import { fetchAllPages } from "../../lib/paging";

/** Every booking, read page by page (search, CSV export and registers work across all of them). */
export function useEnrollments() {
  return useQuery({
    queryKey: queryKeys.enrollments,
    queryFn: () => fetchAllPages<Enrollment>((query) => api.orders.enrollments({ query })),
  });
}
