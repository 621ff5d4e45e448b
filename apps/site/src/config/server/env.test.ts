import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

/** The site's identity in production comes from configuration; the fictional defaults are refused (decision 265). */

const REAL_IDENTITY = {
  PROVIDER_NAME: "MDGT Security Training Ltd",
  PROVIDER_SHORT_NAME: "MDGT",
  PROVIDER_STREET: "2 Dock Road",
  PROVIDER_LOCALITY: "Bootle",
  PROVIDER_REGION: "Merseyside",
  PROVIDER_POSTCODE: "L20 1AB",
  PROVIDER_PHONE: "0151 234 5678",
  PROVIDER_MOBILE: "07911 123456",
  PROVIDER_EMAIL: "bookings@mdgt-training.co.uk",
  PROVIDER_CHAT_URL: "https://wa.me/447911123456",
  PROVIDER_COMMUNITY_URL: "https://chat.whatsapp.com/MdgtStudents",
  PROVIDER_FACEBOOK_URL: "https://www.facebook.com/mdgt",
  PROVIDER_TWITTER_URL: "https://x.com/mdgt",
  PROVIDER_INSTAGRAM_URL: "https://www.instagram.com/mdgt",
  PROVIDER_YOUTUBE_URL: "https://www.youtube.com/@mdgt",
  PROVIDER_SIA_NEWS_URL: "https://www.gov.uk/government/organisations/security-industry-authority",
  PROVIDER_SIA_CAREERS_URL: "https://www.gov.uk/guidance/security-industry-authority-careers",
  PROVIDER_DESIGNER_NAME: "Dockside Web",
  PROVIDER_DESIGNER_URL: "https://docksideweb.co.uk",
};

const failure = (env: Record<string, string>) => {
  try {
    loadEnv(env);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe("the site's business identity", () => {
  it("runs on the fictional placeholders in development", () => {
    expect(loadEnv({}).site.provider.phone).toBe("0151 496 0321");
  });

  it("refuses every placeholder in production, naming the variable to set", () => {
    const message = failure({ NODE_ENV: "production" });
    for (const variable of Object.keys(REAL_IDENTITY).filter(
      (v) => !["PROVIDER_SHORT_NAME", "PROVIDER_LOCALITY", "PROVIDER_REGION", "PROVIDER_DESIGNER_NAME"].includes(v),
    ))
      expect(message, variable).toContain(`  ${variable}: `);
    expect(message).toMatch(/PROVIDER_PHONE: is a fictional number from Ofcom's drama range \(0151 496 0321\)/);
  });

  it("starts in production on a real identity, and shows it", () => {
    const env = loadEnv({ NODE_ENV: "production", ...REAL_IDENTITY });
    expect(env.site.provider).toMatchObject({ name: "MDGT Security Training Ltd", phone: "0151 234 5678" });
  });

  it.each([
    ["PROVIDER_PHONE", "020 7946 0123", /PROVIDER_PHONE: is a fictional number/],
    ["PROVIDER_MOBILE", "+44 7700 900123", /PROVIDER_MOBILE: is a fictional number/],
    ["PROVIDER_EMAIL", "office@mdgt.example.org", /PROVIDER_EMAIL: is the fictional placeholder address/],
    ["PROVIDER_CHAT_URL", "https://wa.me/447700900555", /PROVIDER_CHAT_URL: is the fictional placeholder link/],
    ["PROVIDER_FACEBOOK_URL", "https://facebook.example.com/x", /PROVIDER_FACEBOOK_URL/],
    ["PROVIDER_STREET", "1 Example Street", /PROVIDER_STREET/],
  ])("refuses %s=%s in production", (variable, value, error) => {
    expect(failure({ NODE_ENV: "production", ...REAL_IDENTITY, [variable]: value })).toMatch(error);
  });

  it("serves the placeholders in production only when told to (browser tests and benchmarks of the build)", () => {
    expect(loadEnv({ NODE_ENV: "production", SITE_ALLOW_PLACEHOLDER_IDENTITY: "true" }).site.provider.email).toBe(
      "bookings@example.com",
    );
  });
});
