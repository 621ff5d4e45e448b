import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Accordion } from "../index";

const items = [
  { id: "q1", title: "What training do you offer?", content: "SIA door supervisor, CCTV and first aid." },
  { id: "q2", title: "How much does it cost?", content: "Door supervisor £250." },
  { id: "q3", title: "Where are you?", content: "Our centre is in Bootle." },
];

const summaries = () => Array.from(document.querySelectorAll<HTMLElement>("summary"));
const openTitles = () =>
  Array.from(document.querySelectorAll<HTMLDetailsElement>("details"))
    .filter((d) => d.open)
    .map((d) => d.querySelector("summary")!.textContent);

describe("Accordion", () => {
  it("renders native details/summary with each title in a heading, the default item open", () => {
    render(<Accordion items={items} defaultOpenId="q2" />);
    const details = Array.from(document.querySelectorAll<HTMLDetailsElement>("details"));
    expect(details.map((d) => d.open)).toEqual([false, true, false]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(items.map((i) => i.title));
    expect(details[1]!.querySelector(".ui-accordion__panel")!.textContent).toBe("Door supervisor £250.");
    // Closed items keep their content in the document (crawlable, found by find-in-page).
    expect(details[0]!.textContent).toContain("SIA door supervisor, CCTV and first aid.");
    // One group: the browser keeps one open at a time.
    expect(new Set(details.map((d) => d.getAttribute("name"))).size).toBe(1);
  });

  it("keeps one item open at a time and closes the open one when clicked again", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} defaultOpenId="q2" />);
    const [q1] = summaries();
    await user.click(q1!);
    await waitFor(() => expect(openTitles()).toEqual(["What training do you offer?"]));
    await user.click(q1!);
    await waitFor(() => expect(openTitles()).toEqual([]));
  });

  it("starts all closed without a default and works from the keyboard", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const buttons = summaries();
    expect(openTitles()).toEqual([]);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(buttons[2]);
  });
});
