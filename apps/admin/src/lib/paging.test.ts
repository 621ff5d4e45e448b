import { describe, expect, it } from "vitest";
import { PAGE_MAX_LIMIT } from "@app/contract";
import { fetchAllPages, timeFilterSince, unwrapPage } from "./paging";

const answer = (items: number[], total?: number) => ({
  status: 200,
  body: items,
  headers: new Headers(total === undefined ? {} : { "x-total-count": String(total) }),
});

describe("paged admin lists (decision 112)", () => {
  it("reads the items and the x-total-count header", async () => {
    expect(await unwrapPage<number>(Promise.resolve(answer([1, 2], 57)))).toEqual({ items: [1, 2], total: 57 });
    // Without the header (or a nonsense one) the page itself is all there is.
    expect(await unwrapPage<number>(Promise.resolve(answer([1, 2])))).toEqual({ items: [1, 2], total: 2 });
    expect(await unwrapPage<number>(Promise.resolve(answer([1, 2], 1)))).toEqual({ items: [1, 2], total: 2 });
  });

  it("an error answer still throws the API's message", async () => {
    await expect(
      unwrapPage(Promise.resolve({ status: 400, body: { message: "Bad page" }, headers: new Headers() })),
    ).rejects.toThrow("Bad page");
  });

  it("fetches every page at the largest page size and stops at the total", async () => {
    const all = Array.from({ length: PAGE_MAX_LIMIT * 2 + 7 }, (_, i) => i);
    const asked: { page: number; limit: number }[] = [];
    const got = await fetchAllPages<number>(async (q) => {
      asked.push(q);
      const from = (q.page - 1) * q.limit;
      return answer(all.slice(from, from + q.limit), all.length);
    });
    expect(got).toEqual(all);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page, limit: PAGE_MAX_LIMIT })));
  });

  it("turns a time filter into the instant it starts", () => {
    const now = new Date(2026, 10, 19, 15, 30); // Thursday 19 Nov 2026, local time
    expect(timeFilterSince("all", now)).toBeUndefined();
    expect(timeFilterSince("today", now)).toBe(new Date(2026, 10, 19).toISOString());
    expect(timeFilterSince("week", now)).toBe(new Date(2026, 10, 15).toISOString());
    expect(timeFilterSince("month", now)).toBe(new Date(2026, 10, 1).toISOString());
  });
});
