/**
 * The office sets the booking policy (issue 30) in Chromium against the real API: the Booking
 * policy screen shows the version in force, shows the API's words under a bad field without saving,
 * and saves a change of a fee ladder as a new version, which the public policy then answers.
 */
import { describeAtWidths, expect, test } from "./fixtures";

type Band = { from_days: number; percent: number };
type Version = {
  version: number;
  policy: { max_changes: number; change_fees: Band[]; cancel_rest: string } & Record<string, unknown>;
};

describeAtWidths("booking policy", () => {
  test("saves a new policy version from the screen", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const before = await getJson<Version>("/api/booking-policy");

    await navigate("/booking-policy");
    await page.getByRole("heading", { level: 1, name: "Booking policy" }).waitFor();
    await expect
      .poll(() => page.getByTestId("policy-version").textContent())
      .toMatch(new RegExp(`^Version ${before.version} in force since `));
    const maxChanges = page.getByLabel("Changes allowed per booking");
    await expect.poll(() => maxChanges.inputValue()).toBe(String(before.policy.max_changes));

    // A bad value: the API's words under the field, nothing saved.
    await maxChanges.fill("eleven");
    await page.getByRole("button", { name: "Save as a new policy version" }).click();
    await expect.poll(() => page.locator("#policy-max-changes-error").textContent()).toMatch(/number/i);
    expect((await getJson<Version>("/api/booking-policy")).version).toBe(before.version);

    // The change fee's last band (closest to the start) goes from its percent to 40 %.
    await maxChanges.fill("3");
    const ladder = page.getByRole("group", { name: "Fee for changing the date" });
    const last = before.policy.change_fees.length - 1;
    await ladder.locator(`#policy-change_fees-${last}-percent`).fill("40");
    await page.getByLabel("A customer cancelling after the cancellation period").selectOption("credit");
    await expectNoA11yViolations("main");
    await screenshot("booking-policy");
    await page.getByRole("button", { name: "Save as a new policy version" }).click();
    await page
      .getByText(`Booking policy version ${before.version + 1} saved: it applies to new bookings`)
      .first()
      .waitFor();
    const after = await getJson<Version>("/api/booking-policy");
    expect(after.version).toBe(before.version + 1);
    expect(after.policy.max_changes).toBe(3);
    expect(after.policy.change_fees[last]!.percent).toBe(40);
    expect(after.policy.cancel_rest).toBe("credit");
    await expect.poll(() => page.getByTestId("policy-version").textContent()).toMatch(new RegExp(`^Version ${after.version} `));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Back as it was (a newer version with the old rules), for the other tests.
    const reset = await context.request.put(`${apiUrl}/api/admin/booking-policy`, { data: before.policy });
    expect(reset.status()).toBe(200);
  });
});
