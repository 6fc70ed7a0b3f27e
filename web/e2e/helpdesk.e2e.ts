/**
 * The help desk end to end, each side in its own browser: an attendee asks from the /helpdesk
 * page; the organizer finds the question in the console's Help desk queue (pushed over the
 * console's socket, not reloaded), claims it and answers; the answer reaches the attendee's open
 * conversation live and the state there follows. axe on both screens.
 */
import type { Page } from "playwright-core";
import { it } from "vitest";
import { demoEventID, expectAccessible, logIn, openConsoleSection, registerAttendee, uniqueEmail, url, withBrowser } from "./support";

const PASSWORD = "helpdesk-attendee-pass-1";

async function consoleDesk(page: Page): Promise<void> {
  await openConsoleSection(page, "Help desk");
  await page.getByRole("heading", { level: 2, name: "Help desk", exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole("tab", { name: /^New/ }).waitFor();
}

it("an attendee asks, an organizer answers in the console, and the answer arrives live", async () => {
  const eventID = await demoEventID();
  const email = uniqueEmail("helpdesk");
  await registerAttendee(eventID, email, PASSWORD);
  const topic = `No sound in room ${Date.now().toString(36)}`;
  const answer = "Please reload the stage page; the sound is back now.";

  await withBrowser("helpdesk-attendee", async (attendeeContext) => {
    await withBrowser("helpdesk-agent", async (agentContext) => {
      // The organizer's desk is open first: the question must arrive in it live.
      const agent = await agentContext.newPage();
      await consoleDesk(agent);

      const attendee = await attendeeContext.newPage();
      await attendee.goto(url("/demo/login"));
      await logIn(attendee, email, PASSWORD);
      await attendee.locator("[data-room]").first().waitFor({ timeout: 30_000 });
      await attendee.goto(url("/demo/helpdesk"));
      await attendee.getByRole("heading", { name: "Ask the help desk" }).waitFor({ timeout: 30_000 });
      await attendee.getByLabel("Topic").fill(topic);
      await attendee.getByLabel("Your message").fill("I hear nothing in the keynote stream.");
      await attendee.getByRole("button", { name: "Send", exact: true }).click();
      await attendee.getByText("An agent will pick up your question soon.").waitFor({ timeout: 15_000 });
      await attendee.getByText("I hear nothing in the keynote stream.", { exact: true }).waitFor({ timeout: 15_000 });
      await expectAccessible(attendee, "help desk conversation");

      // The question appears in the console's New tab without a reload; claim and answer it.
      const row = agent.locator("tr[data-ticket]").filter({ hasText: topic });
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole("button", { name: topic }).click();
      await agent.getByRole("button", { name: "Claim", exact: true }).click();
      await agent.getByText("Claimed by you").waitFor({ timeout: 10_000 });
      const box = agent.getByRole("textbox", { name: /^Your answer to/ });
      await box.fill(answer);
      await agent.getByRole("button", { name: "Send answer" }).click();
      await expectAccessible(agent, "console help desk");

      // The attendee sees the answer and the new state without reloading.
      await attendee.getByText(answer, { exact: true }).waitFor({ timeout: 15_000 });
      await attendee.getByText("Status: Answered").waitFor({ timeout: 15_000 });
    });
  });
});
