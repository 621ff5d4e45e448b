/**
 * Valid output for other software: independent checkers over the admin portal (decisions 315, 316). The Nu HTML checker
 * over the index.html the admin server sends (the only HTML it serves: the portal is a SPA), and
 * HTML_CodeSniffer at WCAG2AA in Chromium over the sign-in page and the key screens, signed in.
 * Off CI a machine without Java skips the Nu check; on CI it fails (see @app/e2e-kit tools).
 */
import { describe, it } from "vitest";
import { codeSniff, nuCheck, nuChecker } from "@app/e2e-kit";
import { paths } from "../src/config/paths";
import { expect, inject, test, VIEWPORTS } from "./fixtures";

const adminUrl = inject("adminUrl");
const nu = nuChecker();

describe.skipIf(!nu.run)("the Nu HTML checker", () => {
  it("finds no error or warning in the served index.html", { timeout: 120_000 }, async () => {
    nu.require();
    const response = await fetch(`${adminUrl}${paths.login}`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    const messages = await nuCheck([{ name: "index.html", html: await response.text() }]);
    expect(messages.map((m) => `${m.type}: ${m.message} [${m.extract}]`)).toEqual([]);
  });
});

/** The screens the office uses every day, plus the ones with the densest forms and tables. */
const SCREENS = [
  paths.dashboard,
  paths.messages,
  paths.enrolments,
  paths.newBooking,
  paths.trainings,
  paths.createTraining,
  paths.learners,
  paths.waitingList,
  paths.discounts,
  paths.createCode,
  paths.shop,
  paths.activityLog,
  paths.scheduledMail,
  paths.account,
  paths.security,
  paths.status,
];

describe("HTML_CodeSniffer (WCAG2AA)", () => {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    describe(`${viewport.width} px`, () => {
      test.override({ viewport });
      test("no errors on the sign-in page and the key screens", { timeout: 150_000 }, async ({ page, login, navigate }) => {
        const errors: string[] = [];
        const check = async (path: string) => {
          await navigate(path);
          // The screens load their data after the first frame: check what the office reads.
          await page.waitForLoadState("networkidle");
          await page
            .locator("[class*='skeleton'], [aria-busy='true']")
            .first()
            .waitFor({ state: "detached", timeout: 10_000 })
            .catch(() => undefined);
          const { errors: found, total } = await codeSniff(page);
          expect(total, `${path}: HTML_CodeSniffer gave no messages at all`).toBeGreaterThan(0);
          errors.push(...found.map((e) => `${path}: ${e.code} ${e.message} :: ${e.element}`));
        };
        await check(paths.login);
        await login();
        for (const path of viewport === VIEWPORTS.desktop ? SCREENS : SCREENS.slice(0, 4)) await check(path);
        expect(errors).toEqual([]);
      });
    });
  }
});
