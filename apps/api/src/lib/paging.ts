import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT, TOTAL_COUNT_HEADER } from "@app/contract";

/** One page of an admin list (decision 112): 1-based page, a capped limit, the row offset. */
export type Page = { page: number; limit: number; offset: number };

export function pageOf(query: { page?: number; limit?: number } | undefined): Page {
  const limit = Math.min(query?.limit ?? PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT);
  const page = query?.page ?? 1;
  return { page, limit, offset: (page - 1) * limit };
}

/** The list's size in all, for the screens' "Showing x to y of z" and page buttons. */
export function sendTotal(reply: { header: (name: string, value: string) => unknown }, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}
