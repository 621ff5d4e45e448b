import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_GREETING, CHAT_TYPING_MS, ChatBox } from "../components/widgets/ChatBox";
import { renderWithSite, testConfig } from "./render";

describe("ChatBox", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the typing indicator for 2 seconds, then the greeting", () => {
    vi.useFakeTimers();
    renderWithSite(<ChatBox />);
    fireEvent.click(screen.getByRole("button", { name: "Chat with us on WhatsApp" }));
    expect(screen.getByTestId("chat-typing")).toBeTruthy();
    expect(screen.queryByText(CHAT_GREETING)).toBeNull();
    void act(() => vi.advanceTimersByTime(CHAT_TYPING_MS));
    expect(screen.queryByTestId("chat-typing")).toBeNull();
    expect(screen.getByText(CHAT_GREETING)).toBeTruthy();
  });

  it("opens the chat link with the text, then clears and closes", () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    renderWithSite(<ChatBox />);
    fireEvent.click(screen.getByRole("button", { name: "Chat with us on WhatsApp" }));
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "  Next door supervisor date?  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send on WhatsApp" }));
    expect(open).toHaveBeenCalledTimes(1);
    const url = new URL(open.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(testConfig.provider.chatUrl);
    expect(url.searchParams.get("text")).toBe("Next door supervisor date?");
    expect(open.mock.calls[0]![2]).toContain("noopener");
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Chat with us on WhatsApp" }));
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("");
  });

  it("sends nothing for a blank message and closes on Escape", () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    renderWithSite(<ChatBox />);
    const toggle = screen.getByRole("button", { name: "Chat with us on WhatsApp" });
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Send on WhatsApp" }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText("Your message"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Chat with us on WhatsApp" }));
  });
});
