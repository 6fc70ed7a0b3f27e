/**
 * The console's People section, with the attendees on the other side (issue 21's browser tests):
 * (a) the demo organizer invites an address with a CSV file; the invitee opens the mailed sign-up
 *     link, signs up and shows as registered in the list;
 * (b) the organizer bans an attendee whose chat is open in another browser: that attendee's next
 *     message is refused live (the reason shown, no retry) and never reaches the others.
 * (people.e2e.ts is the chat's People directory; this file is the console's section.)
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, openConsoleSection, readMail, registerAttendee, uniqueEmail, withBrowser } from "./support";

const PASSWORD = "people-console-pass-1";

const peopleRow = (page: Page, email: string) => page.locator("tr", { has: page.getByText(email, { exact: true }) });

async function findInList(page: Page, email: string): Promise<void> {
  await page.getByLabel("Search people").fill(email);
  await peopleRow(page, email).waitFor({ timeout: 15_000 });
}

it("invites by CSV; the invitee signs up from the mail and shows as registered", async () => {
  const invitee = uniqueEmail("invitee");
  await withBrowser("people-console-organizer", async (organizer) => {
    const consolePage = await organizer.newPage();
    await openConsoleSection(consolePage, "People");
    await consolePage.getByRole("heading", { name: "People", level: 2 }).waitFor();
    await consolePage.getByRole("button", { name: "Invite people" }).first().click();
    const dialog = consolePage.getByRole("dialog", { name: "Invite people" });
    await dialog.getByLabel("Or choose a CSV file").setInputFiles({
      name: "guests.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`email,first_name\n${invitee},Ines\n`),
    });
    await dialog.getByText("File: guests.csv").waitFor();
    await expectAccessible(consolePage, "people import");
    await dialog.getByRole("button", { name: "Invite", exact: true }).click();
    await consolePage.getByText("1 person has been invited.").waitFor();
    await findInList(consolePage, invitee);
    await peopleRow(consolePage, invitee).getByText("Invited", { exact: true }).waitFor();

    // The invitee, in a browser of their own: the mailed link opens sign-up with the address.
    const mail = await readMail(invitee, /sign-up/);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/demo\/sign-up\?[^\s"<>]+)/.exec(mail)?.[1];
    expect(link, "a sign-up link in the invitation").toBeTruthy();
    await withBrowser("people-console-invitee", async (context) => {
      const page = await context.newPage();
      await page.goto((link ?? "").replace(/&amp;/g, "&"));
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      expect(await page.getByLabel("Email address").inputValue()).toBe(invitee);
      await page.getByLabel("First name").fill("Ines");
      await page.getByLabel("Last name").fill("Invited");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      await page.getByRole("checkbox", { name: /I agree/ }).check();
      await page.getByRole("button", { name: "Sign up" }).click();
      await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
    });

    await consolePage.reload();
    await findInList(consolePage, invitee);
    await peopleRow(consolePage, invitee).getByText("Registered", { exact: true }).waitFor();
    await peopleRow(consolePage, invitee).getByText("Ines Invited").waitFor();
    await expectAccessible(consolePage, "people list");
  });
});

const chatMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: /^Chat/ });
const chatPanel = (page: Page) => page.getByRole("region", { name: "Chat", exact: true });
const messageText = (page: Page, text: string) => chatPanel(page).locator(".chat-room__list .chat-message__text", { hasText: text });

async function signInToChat(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/demo/login`);
  await logIn(page, email, password);
  await chatMenu(page).waitFor({ timeout: 30_000 });
  await chatMenu(page).click();
  await chatPanel(page).getByLabel("Message to Everyone").waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  const box = chatPanel(page).getByLabel("Message to Everyone");
  await box.fill(text);
  await box.press("Enter");
}

it("bans an attendee whose chat is open: their next message is refused live and not delivered", async () => {
  const email = uniqueEmail("banned");
  await registerAttendee(await demoEventID(), email, PASSWORD);
  const tag = Math.random().toString(36).slice(2, 8);
  await withBrowser("people-ban-attendee", async (attendeeContext) => {
    await withBrowser("people-ban-witness", async (witnessContext) => {
      await withBrowser("people-ban-organizer", async (organizerContext) => {
        const consolePage = await organizerContext.newPage();
        await openConsoleSection(consolePage, "People");
        const base = new URL(consolePage.url()).origin;

        const attendee = await attendeeContext.newPage();
        await signInToChat(attendee, base, email, PASSWORD);
        const witness = await witnessContext.newPage();
        await signInToChat(witness, base, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);

        // Before the ban the attendee writes and the others read it.
        const before = `before the ban ${tag}`;
        await send(attendee, before);
        await messageText(witness, before).waitFor({ timeout: 15_000 });

        await findInList(consolePage, email);
        await peopleRow(consolePage, email).getByRole("button", { name: /^Actions for/ }).click();
        await consolePage.getByRole("menuitem", { name: "Ban from chat" }).click();
        await consolePage.getByRole("alertdialog").getByRole("button", { name: "Ban from chat" }).click();
        await consolePage.getByText(/can no longer write in the chat/).waitFor();
        await peopleRow(consolePage, email).getByText("Banned from chat").waitFor();

        // The attendee's chat is still open (reading is allowed); writing is refused at once.
        const after = `after the ban ${tag}`;
        await send(attendee, after);
        const failed = chatPanel(attendee).locator(".chat-message", { hasText: after });
        await failed.getByText("You can no longer write in this event's chat.").waitFor({ timeout: 15_000 });
        expect(await failed.getByRole("button", { name: "Send again" }).count()).toBe(0);
        await chatPanel(attendee).getByRole("alert").filter({ hasText: "You can no longer write in this event's chat." }).first().waitFor();

        // Nobody else ever gets it: a later message from the witness arrives, the banned one not.
        const later = `a later message ${tag}`;
        await send(witness, later);
        await messageText(attendee, later).waitFor({ timeout: 15_000 });
        expect(await messageText(witness, after).count()).toBe(0);
        expect(await messageText(witness, before).count()).toBe(1);
      });
    });
  });
});
