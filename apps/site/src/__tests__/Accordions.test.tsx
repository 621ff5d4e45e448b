import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FaqSection } from "../components/widgets/FaqSection";
import { FAQ } from "../content/faq";
import { POLICIES } from "../content/policies";
import PrivacyPage from "../features/privacy/PrivacyPage";
import { renderWithSite } from "./render";

/** Titles of the open items (native details/summary). */
const expanded = () =>
  Array.from(document.querySelectorAll<HTMLDetailsElement>("details"))
    .filter((d) => d.open)
    .map((d) => d.querySelector("summary")!.textContent);
const summary = (title: string) => Array.from(document.querySelectorAll("summary")).find((s) => s.textContent === title)!;

describe("FAQ accordion", () => {
  it("has 7 questions with question 2 open, one open at a time, and closes the open one on click", async () => {
    renderWithSite(<FaqSection />);
    expect(FAQ).toHaveLength(7);
    expect(expanded()).toEqual([FAQ[1]!.question]);
    fireEvent.click(summary(FAQ[4]!.question));
    await waitFor(() => expect(expanded()).toEqual([FAQ[4]!.question]));
    fireEvent.click(summary(FAQ[4]!.question));
    await waitFor(() => expect(expanded()).toEqual([]));
  });

  it("moves between questions with the arrow keys", () => {
    renderWithSite(<FaqSection />);
    const first = summary(FAQ[0]!.question);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe(FAQ[1]!.question);
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement?.textContent).toBe(FAQ[6]!.question);
  });
});

describe("policies accordion", () => {
  it("lists the seven numbered policies with 'Health and Safety' open, each with Signed and Last Updated lines", async () => {
    renderWithSite(<PrivacyPage />);
    expect(POLICIES.map((p) => p.id)).toEqual([
      "health-safety",
      "privacy-policy",
      "malpractice-procedures",
      "dbs-check",
      "reasonable-adjustments",
      "diversity-inclusion",
      "anti-slavery-policy",
    ]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Privacy Policy");
    expect(screen.getByText("Your privacy matters – understand how we protect your data.")).toBeTruthy();
    expect(expanded()).toEqual(["1. Health and Safety"]);
    const open = document.getElementById("health-safety")!;
    expect(open.textContent).toMatch(/Signed: .+/);
    expect(open.textContent).toMatch(/Last Updated: .+2022/);
    fireEvent.click(summary("4. DBS Check"));
    await waitFor(() => expect(expanded()).toEqual(["4. DBS Check"]));
    expect(document.getElementById("dbs-check")!.textContent).toContain("within four days");
  });
});
