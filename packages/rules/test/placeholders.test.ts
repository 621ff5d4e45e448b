import { describe, expect, it } from "vitest";
import { isDramaPhoneNumber, isPlaceholderDomain, isPlaceholderEmail, isPlaceholderLink, isPlaceholderUrl } from "../src";

describe("placeholder identity (refused in production)", () => {
  it("knows the reserved domains and nothing else", () => {
    for (const d of ["example.com", "mail.example.org", "EXAMPLE.NET.", "shop.test", "a.example", "x.invalid", "localhost"])
      expect(isPlaceholderDomain(d), d).toBe(true);
    for (const d of ["mdgt.co.uk", "example.co.uk", "myexample.com", "test.com", "examples.org", "latest"])
      expect(isPlaceholderDomain(d), d).toBe(false);
  });

  it("reads e-mail addresses bare or with a display name", () => {
    expect(isPlaceholderEmail("office@example.com")).toBe(true);
    expect(isPlaceholderEmail("Merseyside Door & Guard Training <bookings@example.com>")).toBe(true);
    expect(isPlaceholderEmail("Bookings <bookings@mdgt.co.uk>")).toBe(false);
    expect(isPlaceholderEmail("office@mdgt.co.uk")).toBe(false);
    expect(isPlaceholderEmail("no address")).toBe(false);
  });

  it("reads URLs, and calls a value that is no URL a placeholder", () => {
    expect(isPlaceholderUrl("https://facebook.example.com/mdgt")).toBe(true);
    expect(isPlaceholderUrl("https://www.facebook.com/mdgt")).toBe(false);
    expect(isPlaceholderUrl("not a url")).toBe(true);
  });

  it.each([
    "0151 496 0321",
    "0151 496 0000",
    "0151 496 0999",
    "0113 496 0123",
    "0118 496 0123",
    "0121 496 0123",
    "0131 496 0123",
    "0141 496 0123",
    "0161 496 0123",
    "0191 498 0123",
    "020 7946 0123",
    "028 9649 6123",
    "029 2018 0123",
    "01632 960123",
    "07700 900321",
    "+44 7700 900321",
    "0044 7700 900321",
    "+44 (0)151 496 0321".replace("(0)", ""),
    "08081 570123",
    "0909 879 0123",
    "03069 990123",
  ])("%s is one of Ofcom's drama numbers", (n) => expect(isDramaPhoneNumber(n)).toBe(true));

  it.each([
    "0151 496 1000",
    "0151 497 0321",
    "0151 234 5678",
    "07700 901000",
    "020 7946 1000",
    "028 9649 5999",
    "0119 496 0123",
    "+1 151 496 0321",
    "0161 496 00",
  ])("%s is not", (n) => expect(isDramaPhoneNumber(n)).toBe(false));

  it("finds drama numbers and placeholder hosts inside links", () => {
    expect(isPlaceholderLink("https://wa.me/447700900321")).toBe(true);
    expect(isPlaceholderLink("https://community.example.com/join")).toBe(true);
    expect(isPlaceholderLink("https://wa.me/447911123456")).toBe(false);
    expect(isPlaceholderLink("https://chat.whatsapp.com/AbC123")).toBe(false);
  });
});
