/**
 * The organizer console against the seeded demo: admin login, the events list, creating an event
 * (live validation refuses a reserved and a taken name), editing it, deleting it with
 * confirmation; axe on the login, list and form screens; the side navigation on a laptop and a
 * tablet. Then the demo event's sections (Access, Admins, Pages, Schedule, Speakers, Media,
 * Check), each checked by axe, and "Preview as attendee", which opens the demo signed in as an
 * attendee.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ADMIN, expectAccessible, url, withBrowser } from "./support";

interface EventShape {
  ID: string;
  Title: string;
  InternalName: string;
  DateBeginUTC: string;
  DateEndUTC: string;
  TimeZone: string;
}

const consoleToken = (page: Page) => page.evaluate(() => window.localStorage.getItem("console_jwt"));
const pathname = (page: Page) => new URL(page.url()).pathname;

it("logs in, lists, creates, edits and deletes an event", async () => {
  await withBrowser("console", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });

    // The guard sends a visitor to the console's login; `manage` is never looked up as an event.
    const metadataAsked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/events/name/manage")) metadataAsked.push(r.url());
    });
    await page.goto(url("/manage"));
    await page.getByRole("heading", { name: "Organizer login" }).waitFor();
    expect(pathname(page)).toBe("/manage/login");
    await expectAccessible(page, "console login");

    await page.getByLabel("Email address").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    // The list, with the demo event.
    await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();
    expect(pathname(page)).toBe("/manage");
    await page.getByRole("link", { name: "Venuely Demo Conference", exact: true }).waitFor();
    await page.getByText(/Signed in as /).waitFor();
    expect(await page.getByRole("cell", { name: "demo", exact: true }).count()).toBe(1);
    await expectAccessible(page, "events list");
    expect(await consoleToken(page)).toBeTruthy();
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith("jwt_")))).toEqual([]);

    // The search reaches the server (debounced).
    const search = page.getByRole("searchbox", { name: "Search events" });
    await search.fill("no-such-event-xyz");
    await page.getByText("No events match “no-such-event-xyz”").waitFor();
    await search.fill("demo conf");
    await page.getByRole("link", { name: "Venuely Demo Conference", exact: true }).waitFor();
    await search.fill("");

    // Side navigation at 1366 px; behind the Menu button on a tablet.
    const nav = page.getByRole("navigation", { name: "Console" });
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await nav.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await nav.isVisible()).toBe(false);
    // On a phone the table scrolls in its own box; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 800 });
    // The layout switches back a frame after the resize: a click before that can land where the
    // link was at 820 px (seen once in CI: the click navigated nowhere).
    await page.getByRole("button", { name: "Menu" }).waitFor({ state: "hidden" });
    await nav.waitFor();

    // Create.
    await page.getByRole("link", { name: "New event" }).first().click();
    await page.getByRole("heading", { level: 1, name: "New event" }).waitFor();
    expect(pathname(page)).toBe("/manage/events/new");
    await expectAccessible(page, "event form");
    const name = page.getByLabel("Internal name");
    await name.fill("manage");
    await page.getByText("This name is reserved by the platform").waitFor();
    await name.fill("demo");
    await page.getByText("Another event already uses this name").waitFor();
    const internalName = `e2e-${Date.now().toString(36)}`;
    await name.fill(internalName);
    await page.getByText("This name is free.").waitFor();
    await page.getByLabel("Title").fill("Console Test Event");
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByLabel("Begins").fill("2031-05-01T09:00");
    await page.getByLabel("Ends").fill("2031-05-01T17:00");
    await page.getByLabel("List this event in the public events overview").check();
    await page.getByRole("button", { name: "Create event" }).click();

    await page.getByText("The event “Console Test Event” has been created.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Console Test Event" }).waitFor();
    const eventID = pathname(page).split("/").pop() ?? "";
    expect(eventID).toMatch(/^[0-9a-f]{24}$/);
    const token = (await consoleToken(page)) ?? "";
    const created = await api<EventShape>("GET", `/events/${eventID}`, undefined, token);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ InternalName: internalName, TimeZone: "Europe/Berlin" });
    expect(new Date(created.json.DateBeginUTC).toISOString()).toBe("2031-05-01T07:00:00.000Z");
    expect(new Date(created.json.DateEndUTC).toISOString()).toBe("2031-05-01T15:00:00.000Z");

    // Edit the title.
    expect(await page.getByLabel("Begins").inputValue()).toBe("2031-05-01T09:00");
    await page.getByLabel("Title").fill("Console Test Event, renamed");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your changes have been saved.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Console Test Event, renamed" }).waitFor();
    expect((await api<EventShape>("GET", `/events/${eventID}`, undefined, token)).json.Title).toBe("Console Test Event, renamed");

    // Delete, after typing the internal name.
    await page.getByRole("button", { name: "Delete event" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete “Console Test Event, renamed”?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete event" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`To confirm, type the internal name: ${internalName}`).fill(internalName);
    await confirm.click();
    await page.getByText("The event “Console Test Event, renamed” has been deleted.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();
    expect(pathname(page)).toBe("/manage");
    expect((await api("GET", `/events/name/${internalName}/metadata`)).status).toBe(404);
    expect(metadataAsked).toEqual([]);
  });
});

it("walks the demo event's sections with axe, and previews the event as an attendee", async () => {
  await withBrowser("console-sections", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(url("/manage/login"));
    await page.getByLabel("Email address").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("link", { name: "Venuely Demo Conference", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Event settings" }).waitFor();

    // Every section of the event, each checked by axe once it has loaded.
    const sections: [string, string][] = [
      ["Access", "Access"],
      ["Admins", "Admins"],
      ["Pages", "Pages"],
      ["Schedule", "Schedule"],
      ["Speakers", "Speakers"],
      ["Media", "Media"],
      ["Check", "Pre-publish check"],
    ];
    for (const [tab, heading] of sections) {
      await page.getByRole("link", { name: tab, exact: true }).click();
      await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
      if (tab === "Check") await page.getByText(/^(Ready to list|Not ready to list)/).first().waitFor();
      // The demo's programme and cinema are on screen, not a loading state.
      if (tab === "Schedule") await page.getByText("Opening keynote: events without walls").first().waitFor();
      if (tab === "Speakers") await page.getByText("Maya Chen").first().waitFor();
      if (tab === "Media") await page.getByText("Demo stream (HLS)").first().waitFor();
      await expectAccessible(page, `console ${tab}`);
    }
    // The demo event passes its own check: the policy pages it frames are its own origin's.
    await page.getByText("Ready to list: no errors.").first().waitFor();

    // Preview: a new tab, signed in to the demo as an attendee, without any attendee login.
    await page.getByRole("link", { name: "Events", exact: true }).first().click();
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: /^Preview as attendee.*Venuely Demo Conference/ }).click();
    const attendee = await opened;
    await attendee.waitForURL((u) => u.pathname.startsWith("/demo/") && !u.pathname.endsWith("/login"), {
      timeout: 20_000,
    });
    expect(new URL(attendee.url()).pathname).not.toContain("login");
    const jwts = await attendee.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith("jwt_")));
    expect(jwts).toHaveLength(1);
  });
});
