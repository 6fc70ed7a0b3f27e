/**
 * Live interaction in the demo's auditorium, with the organizer in the console beside two
 * attendees (whatever session plays on its screen: other browser tests add live sessions there): a poll the organizer opens reaches both attendees, whose ballots move the tally both
 * of them see; a question waits for approval, appears for the other attendee once approved,
 * collects an upvote and is marked answered, each step live; a reaction one attendee sends floats
 * over the other's player. axe on the poll panel, the Q&A and both console screens.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, registerAttendee, uniqueEmail, url, withBrowser } from "./support";

interface Activity {
  ID: string;
  InternalName: string;
  Title: string;
  [key: string]: unknown;
}

const SECOND_PASSWORD = "second-attendee-pass-1";

async function adminToken(): Promise<string> {
  const { json } = await api<{ Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  return json.Token;
}

/** The session the player shows, found by the title its region is named with. */
async function shownSession(page: Page, eventID: string, admin: string): Promise<Activity> {
  const name = (await playing(page).getAttribute("aria-label")) ?? "";
  const title = name.replace(/^Live session: /, "");
  const { json } = await api<Activity[]>("GET", `/events/${eventID}/activities?EntityType=Session`, undefined, admin);
  const found = json.find((s) => s.Title === title);
  expect(found, `a session titled ${title}`).toBeTruthy();
  return found as Activity;
}

/** An attendee in the auditorium, where the keynote plays. */
async function attendeeIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url("/demo/login"));
  await logIn(page, email, password);
  await page.locator("[data-room]").waitFor({ timeout: 30_000 });
  await page.goto(url("/demo/auditorium"));
  await page.locator('[data-room="auditorium"]').waitFor({ timeout: 30_000 });
  await playing(page).waitFor({ timeout: 15_000 });
  return page;
}

const playing = (page: Page): Locator => page.getByRole("region", { name: /^Live session: / });

async function consoleAt(context: BrowserContext, eventID: string, section: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(url("/manage"));
  await page.getByLabel("Email address").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();
  await page.goto(url(`/manage/events/${eventID}/${section}`));
  return page;
}

/** Two attendees (the demo's and a second one, each in its own browser) and the organizer. */
async function withAudience(name: string, body: (a: Page, b: Page, organizer: BrowserContext) => Promise<void>): Promise<void> {
  const eventID = await demoEventID();
  const second = uniqueEmail(name);
  await registerAttendee(eventID, second, SECOND_PASSWORD);
  await withBrowser(`${name}-a`, async (first) => {
    await withBrowser(`${name}-b`, async (other) => {
      const a = await attendeeIn(first, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
      const b = await attendeeIn(other, second, SECOND_PASSWORD);
      await body(a, b, first);
    });
  });
}

it("an organizer opens a poll; two attendees vote and both see the tally move", async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  const question = `Which room next? (${Date.now().toString(36)})`;
  const created = await api<{ ID: string }>(
    "POST",
    `/events/${eventID}/polls`,
    {
      InternalName: `e2e-poll-${Date.now().toString(36)}`,
      Question: question,
      Options: [
        { ID: "lab", Text: "The lab" },
        { ID: "garden", Text: "The garden" },
      ],
      Results: "live",
      PanoNodeID: "auditorium",
    },
    admin,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);

  await withAudience("poll", async (a, b, organizer) => {
    const manage = await consoleAt(organizer, eventID, "polls");
    await manage.getByRole("button", { name: `Open now for “${question}”` }).click();
    await manage.getByText(`“${question}” is open.`).waitFor();
    await expectAccessible(manage, "console polls");

    // The opening reaches both attendees as a notice; "Vote" opens the left poll panel.
    for (const page of [a, b]) {
      const notice = page.locator(`[data-poll-notice="${created.json.ID}"]`);
      await notice.waitFor({ timeout: 15_000 });
      await notice.getByRole("button", { name: "Vote" }).click();
    }
    const card = (page: Page) => page.locator(`[data-poll="${created.json.ID}"]`);
    await card(a).getByRole("radio", { name: "The lab" }).check();
    await card(a).getByRole("button", { name: "Vote" }).click();
    await card(a).getByText("Thank you, your vote is saved.").waitFor();
    await card(a).getByText("1 vote in total").waitFor();
    await card(b).getByText("1 vote in total").waitFor({ timeout: 10_000 });
    await expectAccessible(b, "poll panel with results");

    await card(b).getByRole("radio", { name: "The garden" }).check();
    await card(b).getByRole("button", { name: "Vote" }).click();
    for (const page of [a, b]) await card(page).getByText("2 votes in total").waitFor({ timeout: 10_000 });

    // The console's results follow too; closing the poll ends the voting for everyone.
    await manage.getByRole("button", { name: `Results for “${question}”` }).click();
    await manage.getByText("2 ballots").waitFor({ timeout: 10_000 });
    await manage.getByRole("button", { name: `Close now for “${question}”` }).click();
    await card(a).getByText("Closed", { exact: true }).waitFor({ timeout: 10_000 });
  });
});

it("a question waits for approval, is approved, upvoted and answered, live for everyone", async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  const text = `Will the slides be shared? (${Date.now().toString(36)})`;
  // Set inside the browsers' callback: the session whose moderation the test switches on.
  const shown: { session: Activity | null } = { session: null };
  try {
    await withAudience("qna", async (a, b, organizer) => {
      const session = await shownSession(a, eventID, admin);
      shown.session = session;
      const manage = await consoleAt(organizer, eventID, "qna");
      const picker = manage.getByLabel("Session", { exact: true });
      const option = picker.locator("option", { hasText: session.Title });
      await option.first().waitFor({ state: "attached" });
      await picker.selectOption((await option.first().getAttribute("value")) ?? "");
      const moderation = manage.getByRole("switch", { name: "Pre-moderation" });
      await moderation.waitFor();
      if (!(await moderation.isChecked())) await moderation.click();
      await manage.getByText(/Pre-moderation is on in/).waitFor();

      const qna = (page: Page) => playing(page).getByRole("region", { name: "Q&A" });
      await qna(a).getByLabel("Your question").fill(text);
      await qna(a).getByRole("button", { name: "Ask", exact: true }).click();
      const mine = qna(a).locator("li", { hasText: text });
      await mine.getByText("Waiting for approval").waitFor();
      expect(await qna(b).getByText(text).count()).toBe(0);
      await expectAccessible(a, "Q&A with a pending question");

      await manage.getByRole("tab", { name: /^Pending/ }).click();
      const queued = manage.locator("li", { hasText: text });
      await queued.getByRole("button", { name: /^Approve/ }).click();
      await expectAccessible(manage, "console Q&A");

      // Approved: it appears for the other attendee, who upvotes it; the author sees the vote.
      const theirs = qna(b).locator("li", { hasText: text });
      await theirs.waitFor({ timeout: 10_000 });
      await theirs.getByRole("button", { name: /^Upvote, 0 votes/ }).click();
      await mine.getByRole("button", { name: /^Upvote, 1 vote/ }).waitFor({ timeout: 10_000 });
      expect(await mine.getByText("Waiting for approval").count()).toBe(0);

      await manage.getByRole("tab", { name: /^Visible/ }).click();
      await manage.locator("li", { hasText: text }).getByRole("button", { name: /^Mark answered/ }).click();
      for (const item of [mine, theirs]) await item.getByText("Answered", { exact: true }).waitFor({ timeout: 10_000 });
    });
  } finally {
    const moderated = shown.session;
    if (moderated) {
      const body = { QnaEnabled: true, QnaModerated: false, ReactionsEnabled: true };
      await api("PUT", `/events/${eventID}/sessions/${moderated.ID}/interaction`, body, admin);
    }
  }
});

it("a reaction one attendee sends floats over the other attendee's player", async () => {
  await withAudience("reactions", async (a, b) => {
    const bar = playing(a).getByRole("group", { name: "Reactions" });
    await bar.getByRole("button", { name: "Send applause" }).click();
    await playing(b).getByTestId("reaction-float").first().waitFor({ timeout: 10_000 });
    await expectAccessible(a, "player with reactions");
  });
});
