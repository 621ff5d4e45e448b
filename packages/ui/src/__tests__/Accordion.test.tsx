import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Accordion } from "../index";

const items = [
  { id: "q1", title: "What training do you offer?", content: "SIA door supervisor, CCTV and first aid." },
  { id: "q2", title: "How much does it cost?", content: "Door supervisor £250." },
  { id: "q3", title: "Where are you?", content: "Our centre is in Bootle." },
];

function panelOf(button: HTMLElement) {
  const id = button.getAttribute("aria-controls");
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error("no panel");
  return panel;
}

describe("Accordion", () => {
  it("opens the default item and wires aria-expanded/aria-controls", () => {
    render(<Accordion items={items} defaultOpenId="q2" />);
    const [b1, b2, b3] = screen.getAllByRole("button");
    expect(b1?.getAttribute("aria-expanded")).toBe("false");
    expect(b2?.getAttribute("aria-expanded")).toBe("true");
    expect(b3?.getAttribute("aria-expanded")).toBe("false");
    expect(panelOf(b2!).hidden).toBe(false);
    expect(panelOf(b1!).hidden).toBe(true);
    expect(panelOf(b2!).getAttribute("aria-labelledby")).toBe(b2!.id);
    expect(screen.getByRole("region", { name: "How much does it cost?" }).textContent).toBe("Door supervisor £250.");
  });

  it("keeps one item open at a time and closes the open one when clicked again", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} defaultOpenId="q2" />);
    const q1 = screen.getByRole("button", { name: "What training do you offer?" });
    const q2 = screen.getByRole("button", { name: "How much does it cost?" });
    await user.click(q1);
    expect(q1.getAttribute("aria-expanded")).toBe("true");
    expect(q2.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByRole("button").filter((b) => b.getAttribute("aria-expanded") === "true")).toHaveLength(1);
    await user.click(q1);
    expect(q1.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByRole("button").every((b) => b.getAttribute("aria-expanded") === "false")).toBe(true);
  });

  it("starts all closed without a default and works from the keyboard", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons.every((b) => b.getAttribute("aria-expanded") === "false")).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard("{Enter}");
    expect(buttons[1]?.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard(" ");
    expect(buttons[2]?.getAttribute("aria-expanded")).toBe("true");
    expect(buttons[1]?.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[0]);
  });
});
