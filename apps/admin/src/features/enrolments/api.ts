/** The enrolment screens' call to the API (the list and the register read the same bookings). */
import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useEnrollments() {
  return useQuery({ queryKey: queryKeys.enrollments, queryFn: () => unwrap(api.orders.enrollments()) });
}
