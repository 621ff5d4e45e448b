/** The messages screen's call to the API. */
import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, unwrap } from "../../lib/api";

export function useMessages() {
  return useQuery({ queryKey: queryKeys.messages, queryFn: () => unwrap(api.messages.list()) });
}
