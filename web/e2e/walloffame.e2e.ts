/**
 * The Wall of Fame's review, each side in its own browser: a new attendee submits a project,
 * which waits ("Waiting for review" in My projects, nowhere in the gallery); an organizer finds
 * it under Pending in the console's Wall of Fame section and approves it; the author sees the
 * approval arrive live, and another attendee finds the project in the gallery. axe on the
 * gallery, the form and the console's queue.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, openConsoleSection, registerAttendee, uniqueEmail, url, withBrowser } from "./support";

const PASSWORD = "walloffame-attendee-pass-1";

async function consoleWall(page: Page): Promise<void> {
  await openConsoleSection(page, "Wall of Fame");
  await page.getByRole("tab", { name: /^Pending/ }).waitFor({ timeout: 30_000 });
}

async function openWall(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url("/demo/login"));
  await logIn(page, email, password);
  await page.locator("[data-room]").waitFor({ timeout: 30_000 });
  await page.goto(url("/demo/walloffame"));
  await page.getByRole("tab", { name: "Gallery" }).waitFor({ timeout: 15_000 });
}

it("a submitted project waits, an organizer approves it, and it reaches the gallery", async () => {
  const eventID = await demoEventID();
  const email = uniqueEmail("wall");
  await registerAttendee(eventID, email, PASSWORD);
  const title = `Zero-waste catering ${Date.now().toString(36)}`;

  await withBrowser("walloffame-author", async (authorContext) => {
    const author = await authorContext.newPage();
    await openWall(author, email, PASSWORD);
    await author.getByRole("button", { name: "Submit a project" }).click();
    // The §5 texts, word for word, before anything is sent.
    await author.getByRole("button", { name: "Submit project" }).click();
    await author.getByText("Enter title").waitFor();
    await author.getByText("Select category").waitFor();
    await author.getByText("Enter description").waitFor();
    await author.getByLabel("Title").fill(title);
    await author.getByLabel("Category").selectOption("Sustainability");
    await author.getByLabel("Description").fill("Reusable tableware for every attendee and a compost corner at the expo.");
    await author.getByLabel("Link").fill("not a link");
    await author.getByRole("button", { name: "Submit project" }).click();
    await author.getByText("Provide a valid link").waitFor();
    await author.getByLabel("Link").fill("https://example.org/zero-waste");
    await expectAccessible(author, "wall of fame form");
    await author.getByRole("button", { name: "Submit project" }).click();
    await author.getByText("Your project was submitted. It waits for the organizers' review.").waitFor({ timeout: 15_000 });

    await author.getByRole("tab", { name: "My projects" }).click();
    const mine = author.locator("li", { has: author.getByRole("heading", { name: title }) });
    await mine.getByText("Waiting for review").waitFor({ timeout: 15_000 });

    await withBrowser("walloffame-organizer", async (organizerContext) => {
      const organizer = await organizerContext.newPage();
      await consoleWall(organizer);
      const actions = organizer.getByRole("group", { name: `Actions for “${title}”` });
      await actions.waitFor({ timeout: 15_000 });
      await expectAccessible(organizer, "console wall of fame queue");
      await actions.getByRole("button", { name: "Approve" }).click();
      await organizer.getByText(`“${title}” was approved.`).waitFor({ timeout: 15_000 });
    });

    // The approval reaches the author's open list over the socket, without a reload.
    await mine.getByText("Approved").waitFor({ timeout: 15_000 });
  });

  await withBrowser("walloffame-visitor", async (visitorContext) => {
    const visitor = await visitorContext.newPage();
    await openWall(visitor, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await visitor.getByRole("heading", { name: title }).waitFor({ timeout: 15_000 });
    expect(await visitor.getByRole("heading", { name: title }).count()).toBe(1);
    await expectAccessible(visitor, "wall of fame gallery");
  });
});
