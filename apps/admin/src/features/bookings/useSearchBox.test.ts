import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSearchBox } from "./useSearchBox";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The hook as the bookings list uses it: `value` is the address's search, `commit` writes it. */
function box(commit: (q: string) => boolean = () => true) {
  const sent = vi.fn(commit);
  const hook = renderHook(({ value }) => useSearchBox(value, sent), { initialProps: { value: "" } });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const text = () => hook.result.current[0];
  return { hook, sent, type, text };
}

describe("useSearchBox", () => {
  it("sends the words once the typing pauses, trimmed, and not before", () => {
    const { sent, type } = box();
    type(" ab");
    act(() => {
      vi.advanceTimersByTime(299);
    });
    type(" abc ");
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(sent).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sent).toHaveBeenCalledExactlyOnceWith("abc");
  });

  it("keeps what the office typed on when its own earlier search reaches the address late", () => {
    const { hook, sent, type, text } = box();
    type("booker@example.com");
    act(() => {
      vi.advanceTimersByTime(300);
    });
    type("Listed Person");
    // The router renders the first search only now.
    hook.rerender({ value: "booker@example.com" });
    expect(text()).toBe("Listed Person");
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(sent).toHaveBeenLastCalledWith("Listed Person");
  });

  it("follows the address when it changes some other way (Back, a link)", () => {
    const { hook, type, text } = box();
    type("abc");
    act(() => {
      vi.advanceTimersByTime(300);
    });
    hook.rerender({ value: "abc" });
    hook.rerender({ value: "older search" });
    expect(text()).toBe("older search");
  });

  it("tries a refused search again after the next pause, and Enter sends at once", () => {
    let open = false;
    const { hook, sent, type } = box(() => open);
    type("abc");
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(sent).toHaveBeenCalledTimes(1);
    open = true;
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(sent).toHaveBeenCalledTimes(2);
    hook.rerender({ value: "abc" });
    type("abcd");
    act(() => {
      hook.result.current[2]();
    });
    expect(sent).toHaveBeenLastCalledWith("abcd");
  });
});
