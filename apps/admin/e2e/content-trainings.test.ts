/**
 * Trainings screens against the real API: create a course with everything the form has, see it
 * on the public API at once, book it, edit its fee, survive a failed save, delete it (bookings
 * kept), and every create-training message of spec §5.
 */
import { describe } from "vitest";
import type { Page } from "playwright-core";
import type { CourseDetail, CourseListItem, Enrollment } from "@app/contract";
import { expect, test, VIEWPORTS } from "./fixtures";
import {
  activityMentioning,
  adminName,
  apiGet,
  apiSend,
  expectToast,
  files,
  isoInDays,
  slowDown,
  startSite,
  uniq,
} from "./content-helpers";

const timeButton = (page: Page) => page.getByRole("button", { name: /^Time/ });

async function courseByTitle(
  context: Parameters<typeof apiGet>[0],
  apiUrl: string,
  title: string,
): Promise<CourseListItem | undefined> {
  const { body } = await apiGet<CourseListItem[]>(context, apiUrl, "/api/courses");
  return body.find((c) => c.title === title);
}

describe("trainings at 1280 px", () => {
  test("creates a training with two date ranges, an add-on, a unit, a key point and a picture; public at once; fee edited; deleted with its booking kept", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
    allowConsoleErrors,
  }) => {
    await login();
    const who = await adminName(context, apiUrl);
    const title = `E2E Door Supervisor ${uniq()}`;
    const start1 = isoInDays(40);
    const end1 = isoInDays(45);
    const start2 = isoInDays(70);
    const end2 = isoInDays(71);

    // The list
    await navigate("/trainings");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Saved Trainings");
    await page.locator(".tr-table").waitFor();
    await expectNoA11yViolations();
    await screenshot("trainings");

    // The form
    await page.getByRole("link", { name: "Add Training" }).click();
    await page.waitForURL("**/create-training");
    await page.getByRole("heading", { name: "Add Training", level: 1 }).waitFor();
    await expectNoA11yViolations();
    await screenshot("create-training-empty");

    await page.getByLabel("Course Title *").fill(title);
    const description = "Become a licensed door supervisor in six days.\nPractical training in Bootle.";
    await page.getByLabel("Course Description *").fill(description);
    await expect.poll(() => page.getByText(/\/30000 words$/).textContent()).toBe("12/30000 words");
    await page.getByLabel("Training Fee (£) *").fill("199.99");
    await page.getByLabel("Duration *").fill("3 - 5 Days");

    // Time slot dropdown: default, opens and closes on click, closes on choosing.
    await expect.poll(() => timeButton(page).textContent()).toBe("9 am - 6pm");
    await timeButton(page).click();
    await page.getByRole("listbox").waitFor();
    await timeButton(page).click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await timeButton(page).click();
    await expect.poll(() => page.getByRole("option").allTextContents()).toEqual(["9 am - 6pm", "10 am - 5pm", "8 am - 4pm"]);
    await expectNoA11yViolations();
    await page.getByRole("option", { name: "10 am - 5pm" }).click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expect.poll(() => timeButton(page).textContent()).toBe("10 am - 5pm");

    // Seats: the training's default for every date (the contract's DEFAULT_SEAT_CAPACITY), one date overrides it.
    await expect.poll(() => page.getByLabel("Seats per date").inputValue()).toBe("12");
    const range1 = page.getByRole("group", { name: "Date range 1" });
    await range1.getByLabel("Start date").fill(start1);
    await range1.getByLabel("End date").fill(end1);
    await page.getByRole("button", { name: "Add date range" }).click();
    const range2 = page.getByRole("group", { name: "Date range 2" });
    await range2.getByLabel("Start date").fill(start2);
    await range2.getByLabel("End date").fill(end2);
    await range2.getByLabel("Seats").fill("8");

    await page.getByRole("button", { name: "Add key point" }).click();
    await page.getByRole("group", { name: "Key point 1" }).getByLabel("Title").fill("Unlimited retakes");
    await page.getByRole("group", { name: "Key point 1" }).getByLabel("Details").fill("Free until you pass.");
    await page.getByRole("button", { name: "Add unit" }).click();
    await page
      .getByRole("group", { name: "Unit 1" })
      .getByLabel("Unit title")
      .fill("Principles of working in the private security industry");
    await page.getByRole("button", { name: "Add add-on" }).click();
    const addOn = page.getByRole("group", { name: "Add-on 1" });
    await addOn.getByLabel("Name").fill("Emergency First Aid at Work");
    await addOn.getByLabel("Price (£)").fill("50");
    await addOn.getByLabel("Description").fill("One-day first aid course.");
    await expect.poll(() => page.locator(".tr-total").textContent()).toContain("£249.99");

    await page.locator("input[type=file]").setInputFiles(files.png());
    await page.getByRole("img", { name: "Thumbnail preview" }).waitFor();
    await expect.poll(() => page.getByText("Any image type, recommended 800x450px (16:9)").count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("create-training-filled");

    await slowDown(page, "**/api/courses", "POST");
    const save = page.getByRole("button", { name: /Save Training|Creating\.\.\./ });
    await save.click();
    await page.getByRole("button", { name: "Creating..." }).waitFor();
    await expectToast(page, "Training created successfully!");
    await page.waitForURL("**/trainings");
    await page.getByRole("heading", { name: title }).waitFor();

    // Public at once, with everything the form had.
    const listed = await courseByTitle(context, apiUrl, title);
    expect(listed).toBeDefined();
    const { status, body: course } = await apiGet<CourseDetail>(context, apiUrl, `/api/courses/slug/${listed!.slug}`);
    expect(status).toBe(200);
    expect(course).toMatchObject({ title, description, fee: 199.99, duration: "3 - 5 Days", time: "10 am - 5pm" });
    expect(course.courseDates.map((d) => [d.startDate.slice(0, 10), d.endDate.slice(0, 10), d.capacity, d.placesLeft])).toEqual([
      [start1, end1, 12, 12],
      [start2, end2, 8, 8],
    ]);
    expect(course.addOns).toMatchObject([
      { name: "Emergency First Aid at Work", price: 50, description: "One-day first aid course." },
    ]);
    expect(course.courseUnits.map((u) => u.title)).toEqual(["Principles of working in the private security industry"]);
    expect(course.keyPoints).toMatchObject([{ title: "Unlimited retakes", details: "Free until you pass." }]);
    expect(course.thumbnail).toMatch(/^\/api\/images\//);
    const picture = await context.request.get(`${apiUrl}${course.thumbnail}`);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toContain("image/");
    // The list shows the picture from the API host.
    await expect.poll(() => page.locator(`img[src="${apiUrl}${course.thumbnail}"]`).count()).toBe(1);

    // The change is in the activity log, with who made it.
    const created = await activityMentioning(context, apiUrl, title);
    expect(created.length).toBeGreaterThan(0);
    expect(created[0]!.user).toBe(who);

    // It can be booked right away (a guest order on the public endpoint, with its add-on).
    const order = await apiSend<{ payment_link: string; total: number; booking_reference: string }>(
      context,
      apiUrl,
      adminUrl,
      "POST",
      "/api/enroll",
      {
        courses: [{ id: course.id, selectedDate: course.courseDates[1]!.id, selectedAddons: [course.addOns[0]!.id] }],
        guest_email: "guest@example.com",
        guest_name: "Sam",
        first_name: "Sam",
        last_name: "Guest",
        phone_number: "07700 900123",
        country: "United Kingdom",
        street_address: "1 Test Street",
        town_city: "Bootle",
        state: "England",
      },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.total).toBe(249.99);
    expect(order.body.payment_link).toBeTruthy();

    // Detail, read-only
    await page.getByRole("link", { name: `View Details: ${title}` }).click();
    await page.waitForURL(`**/training/${course.id}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await expect.poll(() => page.locator(".tr-facts").textContent()).toContain("£199.99");
    await expect.poll(() => page.getByText("7 of 8 places left").count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("training-detail");

    // Edit the fee
    await page.getByRole("button", { name: "Edit Training" }).click();
    await page.getByRole("heading", { name: "Edit Training", level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel("Training Fee (£) *").inputValue()).toBe("199.99");
    await expectNoA11yViolations();
    await screenshot("training-edit");
    await page.getByLabel("Training Fee (£) *").fill("210");
    await slowDown(page, `**/api/courses/${course.id}`, "PUT");
    await page.getByRole("button", { name: "Save Training" }).click();
    await page.getByRole("button", { name: "Please wait ..." }).waitFor();
    await expectToast(page, "Item saved successfully");
    await page.getByRole("button", { name: "Edit Training" }).waitFor();
    await expect.poll(() => page.locator(".tr-facts").textContent()).toContain("£210.00");
    const afterEdit = await apiGet<CourseDetail>(context, apiUrl, `/api/courses/slug/${course.slug}`);
    expect(afterEdit.body.fee).toBe(210);
    // Dates kept their ids (the booking above still points at its date).
    expect(afterEdit.body.courseDates.map((d) => d.id)).toEqual(course.courseDates.map((d) => d.id));

    // A save that fails: the screen shows what the server holds, not the unsaved copy.
    allowConsoleErrors(/net::ERR_FAILED|Failed to fetch/);
    await page.getByRole("button", { name: "Edit Training" }).click();
    await page.getByLabel("Training Fee (£) *").fill("999");
    await page.getByLabel("Course Title *").fill(`${title} (unsaved)`);
    await page.route(`**/api/courses/${course.id}`, (route) =>
      route.request().method() === "PUT" ? route.abort("failed") : route.fallback(),
    );
    await page.getByRole("button", { name: "Save Training" }).click();
    await expectToast(page, "No Internet connection. Please check your internet connection.");
    await page.getByRole("button", { name: "Edit Training" }).waitFor();
    await expect.poll(() => page.locator(".tr-facts").textContent()).toContain("£210.00");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await page.unroute(`**/api/courses/${course.id}`);

    // Delete, with the confirm dialog
    await page.getByRole("button", { name: "Delete Training" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Training" });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
    await expectNoA11yViolations();
    await screenshot("training-delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete Training" }).click();
    await slowDown(page, `**/api/courses/${course.id}`, "DELETE");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Please wait ..." }).waitFor();
    // The course has a booking: the office confirms, seeing it named (attendee changes, decision 336).
    const withBookings = page.getByRole("dialog", { name: "Delete a course with bookings" });
    await withBookings.waitFor();
    await expect.poll(() => withBookings.textContent()).toContain(order.body.booking_reference);
    await withBookings.getByRole("button", { name: "Delete anyway" }).click();
    await expectToast(page, "Course Deleted");
    await page.waitForURL(/\/trainings$/);
    await page.locator(".tr-table").waitFor();
    await expect.poll(() => page.getByRole("heading", { name: title }).count()).toBe(0);

    // Gone from the catalogue (its page stays, without dates, for the person holding the booking:
    // decision 369); the booking keeps what was bought; the deletion is logged with who.
    expect((await apiGet<{ id: number }[]>(context, apiUrl, "/api/courses")).body.some((c) => c.id === course.id)).toBe(false);
    const withdrawn = await apiGet<{ withdrawn?: boolean; courseDates: unknown[] }>(
      context,
      apiUrl,
      `/api/courses/slug/${course.slug}`,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ withdrawn: true, courseDates: [] });
    const enrolments = await apiGet<Enrollment[]>(context, apiUrl, "/api/enrollments");
    const booking = enrolments.body.find((e) => e.courses.some((c) => c.title === title));
    expect(booking, "the booking of the deleted course").toBeDefined();
    expect(booking!.courses[0]!.pivot!.price_paid).toBe(249.99);
    const log = await activityMentioning(context, apiUrl, title);
    expect(log.some((e) => e.type === "training_deletion" && e.user === who)).toBe(true);
    expect(log.length).toBeGreaterThanOrEqual(3); // created, edited, deleted
  });

  test("says each create-training message of spec §5 for its mistake, and clears it as the field is corrected", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/courses")) posts += 1;
    });
    await navigate("/create-training");
    const save = page.getByRole("button", { name: "Save Training" });
    const errorOf = (label: string) =>
      page.getByLabel(label).evaluate((el) => {
        const ids = (el.getAttribute("aria-describedby") ?? "").split(" ");
        return (
          ids.map((id) => document.getElementById(id)).find((n) => n?.classList.contains("ui-field__error"))?.textContent ?? null
        );
      });

    // Nothing filled in (whitespace counts as empty)
    await page.getByLabel("Course Title *").fill("   ");
    await page.getByLabel("Duration *").fill(" \t ");
    await save.click();
    await expect.poll(() => errorOf("Course Title *")).toBe("Course title is required");
    expect(await errorOf("Course Description *")).toBe("Course description is required");
    expect(await errorOf("Training Fee (£) *")).toBe("Please enter a valid course fee");
    expect(await errorOf("Duration *")).toBe("Course duration is required");
    await expect
      .poll(() => page.locator(".tr-section__error").allTextContents())
      .toEqual(["At least one course date is required"]);
    // Focus goes to the first wrong input.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await expectNoA11yViolations();
    await screenshot("create-training-errors");

    // Errors clear as each field is corrected, the others stay.
    await page.getByLabel("Course Title *").fill("Door Supervisor");
    await expect.poll(() => errorOf("Course Title *")).toBeNull();
    expect(await errorOf("Course Description *")).toBe("Course description is required");
    await page.getByLabel("Course Description *").fill("About the course");
    await expect.poll(() => errorOf("Course Description *")).toBeNull();
    await page.getByLabel("Duration *").fill("6 Days");
    await expect.poll(() => errorOf("Duration *")).toBeNull();

    // A fee of 0 is not a fee
    await page.getByLabel("Training Fee (£) *").fill("0");
    await save.click();
    await expect.poll(() => errorOf("Training Fee (£) *")).toBe("Please enter a valid course fee");
    await page.getByLabel("Training Fee (£) *").fill("250");
    await expect.poll(() => errorOf("Training Fee (£) *")).toBeNull();

    // End before start: the range's message and the overall one
    const range1 = page.getByRole("group", { name: "Date range 1" });
    await range1.getByLabel("Start date").fill(isoInDays(30));
    await range1.getByLabel("End date").fill(isoInDays(31));
    await page.getByRole("button", { name: "Add date range" }).click();
    const range2 = page.getByRole("group", { name: "Date range 2" });
    await range2.getByLabel("Start date").fill(isoInDays(60));
    await range2.getByLabel("End date").fill(isoInDays(58));
    await save.click();
    await expect
      .poll(() => range2.locator(".ui-field__error").allTextContents())
      .toEqual(["End date cannot be before start date"]);
    expect(await range1.locator(".ui-field__error").count()).toBe(0);
    await expect.poll(() => page.locator(".tr-section__error").allTextContents()).toEqual(["Please check all date ranges"]);
    await expectNoA11yViolations();
    await screenshot("create-training-date-errors");
    await range2.getByLabel("End date").fill(isoInDays(62));
    await expect.poll(() => range2.locator(".ui-field__error").count()).toBe(0);
    await expect.poll(() => page.locator(".tr-section__error").count()).toBe(0);

    // A picture that is not an image, and one over 5 MB
    await page.locator("input[type=file]").setInputFiles(files.text());
    await expect.poll(() => page.getByText("Please select an image file").count()).toBe(1);
    await page.locator("input[type=file]").setInputFiles(files.tooBig());
    await expect.poll(() => page.getByText("File size must be less than 5MB").count()).toBe(1);
    expect(await page.getByRole("img", { name: "Thumbnail preview" }).count()).toBe(0);

    expect(posts, "no request while the form is wrong").toBe(0);
  });

  test("a course added here is on the public site at once, ready to book", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
  }) => {
    await login();
    const title = `E2E CCTV Operator ${uniq()}`;
    await navigate("/create-training");
    await page.getByLabel("Course Title *").fill(title);
    await page.getByLabel("Course Description *").fill("Public space surveillance (CCTV) licence course.");
    await page.getByLabel("Training Fee (£) *").fill("120");
    await page.getByLabel("Duration *").fill("3 Days");
    const range1 = page.getByRole("group", { name: "Date range 1" });
    await range1.getByLabel("Start date").fill(isoInDays(20));
    await range1.getByLabel("End date").fill(isoInDays(22));
    await page.getByRole("button", { name: "Add add-on" }).click();
    await page.getByRole("group", { name: "Add-on 1" }).getByLabel("Name").fill("Revision workbook");
    await page.getByRole("group", { name: "Add-on 1" }).getByLabel("Price (£)").fill("15");
    await page.locator("input[type=file]").setInputFiles(files.png());
    await page.getByRole("button", { name: "Save Training" }).click();
    await expectToast(page, "Training created successfully!");
    const listed = (await courseByTitle(context, apiUrl, title))!;
    const course = (await apiGet<CourseDetail>(context, apiUrl, `/api/courses/slug/${listed.slug}`)).body;

    const site = await startSite(apiUrl);
    try {
      const response = await context.request.get(`${site.url}/course/${listed.slug}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const text = html
        .replace(/<[^>]+>/g, " ")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ");
      expect(text).toContain(title);
      expect(text).toContain("£120.00");
      expect(text).toContain(course.courseDates[0]!.label);
      expect(text).toContain("Revision workbook");
      expect(html).toContain(course.thumbnail!.replace(".webp", ""));
      // And the catalogue page lists it.
      const all = await (await context.request.get(`${site.url}/all-courses`)).text();
      expect(all).toContain(title);
    } finally {
      await site.stop();
      await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/courses/${course.id}`);
    }
  }, 150_000);

  test("shows the server's message when creating fails", async ({ page, login, navigate, allowConsoleErrors }) => {
    await login();
    allowConsoleErrors(/net::ERR_FAILED|Failed to fetch|status of 500/);
    await navigate("/create-training");
    await page.getByLabel("Course Title *").fill("Will not be saved");
    await page.getByLabel("Course Description *").fill("x");
    await page.getByLabel("Training Fee (£) *").fill("10");
    await page.getByLabel("Duration *").fill("1 Day");
    const range1 = page.getByRole("group", { name: "Date range 1" });
    await range1.getByLabel("Start date").fill(isoInDays(30));
    await range1.getByLabel("End date").fill(isoInDays(30));
    await page.route("**/api/courses", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Save Training" }).click();
    await expectToast(page, "Failed to create training. Please try again.");
    expect(page.url()).toMatch(/\/create-training$/);
  });
});

describe("trainings at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("list, form and detail fit a phone", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    await navigate("/trainings");
    await page.locator(".tr-table").waitFor();
    await expectNoA11yViolations();
    await screenshot("trainings");
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);

    await navigate("/create-training");
    await page.getByRole("button", { name: "Add add-on" }).click();
    await page.getByRole("button", { name: "Add key point" }).click();
    await page.getByRole("button", { name: "Save Training" }).click();
    await page.locator(".tr-section__error").first().waitFor();
    await expectNoA11yViolations();
    await screenshot("create-training");
    expect(await noOverflow()).toBe(true);

    const { body } = await apiGet<CourseListItem[]>(context, apiUrl, "/api/courses");
    await navigate(`/training/${body[0]!.id}`);
    await page.getByRole("button", { name: "Edit Training" }).waitFor();
    await expectNoA11yViolations();
    await screenshot("training-detail");
    expect(await noOverflow()).toBe(true);
    await page.getByRole("button", { name: "Edit Training" }).click();
    await page.getByRole("heading", { name: "Edit Training", level: 1 }).waitFor();
    await screenshot("training-edit");
    expect(await noOverflow()).toBe(true);
  });
});
