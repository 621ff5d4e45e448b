import { describe, expect, it } from "vitest";
import { replyBody, replyMailto, replySubject } from "./reply";

const message = {
  emailAddress: "sam.parry+courses@example.com",
  firstName: "Sam",
  lastName: "Parry",
  message: "Do you run weekend CCTV courses?\nI work weekdays & nights.",
  created_at: "2026-03-12T10:15:00.000Z",
};

describe("reply to a contact message", () => {
  it("subject is 'Re: ' and the message's first line, shortened when long", () => {
    expect(replySubject(message)).toBe("Re: Do you run weekend CCTV courses?");
    expect(replySubject({ message: "x".repeat(80) })).toBe(`Re: ${"x".repeat(57)}...`);
  });

  it("quotes every line of the message under who wrote it and when", () => {
    const body = replyBody(message);
    expect(body.startsWith("Dear Sam,\n")).toBe(true);
    expect(body).toContain("On 2026-03-12, Sam Parry wrote:\n> Do you run weekend CCTV courses?\n> I work weekdays & nights.\n");
  });

  it("is a mailto: link to the sender whose subject and body decode back exactly", () => {
    const link = replyMailto(message);
    expect(link.startsWith("mailto:sam.parry%2Bcourses@example.com?subject=")).toBe(true);
    const url = new URL(link);
    expect(url.searchParams.get("subject")).toBe("Re: Do you run weekend CCTV courses?");
    expect(url.searchParams.get("body")).toBe(replyBody(message).replace(/\n/g, "\r\n"));
    expect(link).not.toContain("+"); // a + would read as a space in some mail programs
    expect(link).not.toContain(" ");
  });
});
