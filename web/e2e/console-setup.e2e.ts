/**
 * An event set up from nothing in the console, then seen by its attendees: create the event,
 * upload the demo tour package as a new tour, use it, add a menu with three item types and a
 * default page, set a theme colour, restrict the event to one email domain. An attendee of that
 * domain logs in and lands in the chosen room with exactly those menus in that colour; an attendee
 * of another domain sees Access Denied. axe runs on every screen the set-up uses, at 1366×800,
 * and the Navigation section is checked on a tablet (820×1180).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, expectAccessible, logIn, registerAttendee, url, withBrowser } from "./support";

const COLOUR = "#b03a2e";
const stamp = Date.now().toString(36);
const internalName = `harbour-${stamp}`;
const domain = `harbour-${stamp}.example.org`;
const tourName = `Harbour venue ${stamp}`;

/** The demo tour zip the seed rendered into the data dir (docs/subsystems/demo-tour.md). */
function demoTourZip(): string {
  const dir = join(inject("dataDir"), "demo");
  const zip = readdirSync(dir).find((f) => /^demo-tour-.*\.zip$/.test(f));
  if (!zip) throw new Error(`no demo tour package in ${dir}`);
  return join(dir, zip);
}

/** "YYYY-MM-DDTHH:mm" in UTC, as a datetime-local field takes it. */
const wallClockUTC = (date: Date) => date.toISOString().slice(0, 16);

async function openSection(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name, exact: true }).click();
  await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
}

async function addMenuItem(page: Page, menu: "Top" | "Bottom", type: string, name: string, fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>): Promise<void> {
  await page.getByRole("button", { name: `Add an item to the ${menu} menu` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("What it does").selectOption({ label: type });
  await dialog.getByRole("group", { name: "Name on the button" }).getByLabel("English").fill(name);
  await fill(dialog);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText(`“${name}” added.`).waitFor();
  await dialog.waitFor({ state: "detached" });
}

it("sets up an event in the console; an attendee of the domain sees exactly that, another is refused", async () => {
  let eventID = "";
  await withBrowser("console-setup", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(url("/manage/login"));
    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();

    // The event, running now (UTC wall clock).
    await page.getByRole("link", { name: "New event" }).first().click();
    await page.getByLabel("Internal name").fill(internalName);
    await page.getByText("This name is free.").waitFor();
    await page.getByLabel("Title").fill("Harbour Summit");
    await page.getByLabel("Time zone").selectOption("UTC");
    await page.getByLabel("Begins").fill(wallClockUTC(new Date(Date.now() - 86_400_000)));
    await page.getByLabel("Ends").fill(wallClockUTC(new Date(Date.now() + 2 * 86_400_000)));
    await page.getByRole("button", { name: "Create event" }).click();
    await page.getByRole("heading", { level: 1, name: "Harbour Summit" }).waitFor();
    eventID = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(eventID).toMatch(/^[0-9a-f]{24}$/);

    // Venue: a new tour, the demo package uploaded as its first version, used by the event.
    await openSection(page, "Venue", "Venue");
    await page.getByTestId("current-tour").waitFor();
    await page.getByRole("button", { name: "New tour" }).click();
    await page.getByLabel("Name", { exact: true }).fill(tourName);
    await page.getByRole("button", { name: "Create tour" }).click();
    await page.getByText(`Tour "${tourName}" created.`).waitFor();
    await page.getByLabel("Tour package (zip)").setInputFiles(demoTourZip());
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByText(`Version 1 of ${tourName} uploaded.`).waitFor({ timeout: 120_000 });
    await page.getByRole("button", { name: "Use for this event" }).click();
    await page.getByText(`This event now uses version 1 of ${tourName}.`).waitFor();
    await page.getByTestId("current-tour").filter({ hasText: `Attendees of this event walk through ${tourName}, version 1.` }).waitFor();
    // The preview shows the new version's rooms with their hotspots.
    await page.getByRole("heading", { name: "Hotspots in Lobby" }).waitFor();
    await expectAccessible(page, "venue section");

    // Navigation: three item types and the default page.
    await openSection(page, "Navigation", "Navigation");
    await page.getByRole("heading", { name: "Top menu" }).waitFor();
    await addMenuItem(page, "Top", "Tour room (Panorama)", "Harbour lobby", async (dialog) => {
      await dialog.getByLabel("Room", { exact: true }).selectOption("lobby");
    });
    await addMenuItem(page, "Bottom", "Web address (URL)", "Harbour website", async (dialog) => {
      await dialog.getByLabel("Web address").fill("https://harbour.example.org/");
      await dialog.getByLabel("Opens").selectOption("New tab");
    });
    await addMenuItem(page, "Bottom", "Add-on (Addon)", "Questions", async (dialog) => {
      await dialog.getByLabel("Add-on").selectOption("FAQ");
    });
    const landing = page.getByLabel("Item attendees land on");
    const lobbyOption = await landing.locator("option", { hasText: "Harbour lobby" }).getAttribute("value");
    await landing.selectOption(lobbyOption ?? "");
    await page.getByRole("button", { name: "Save the default page" }).click();
    await page.getByText("Default page saved.").waitFor();
    await expectAccessible(page, "navigation section");
    // On a tablet the section still reads: the sub-navigation wraps, the menus fit.
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Add an item to the Bottom menu" }).waitFor();
    await page.setViewportSize({ width: 1366, height: 800 });

    // Look: the button colour.
    await openSection(page, "Look", "Look");
    const main = page.getByRole("region", { name: "Main colours and login box" });
    await main.getByRole("textbox", { name: "Button colour", exact: true }).fill(COLOUR);
    await main.getByRole("button", { name: "Save Main colours and login box" }).click();
    await page.getByText("Main colours and login box: saved.").waitFor();
    await expectAccessible(page, "look section");

    // Access: only the domain.
    await openSection(page, "Access", "Access");
    await page.getByLabel("Email addresses or domains").fill(domain);
    await page.getByRole("button", { name: "Check entries" }).click();
    await page.getByRole("button", { name: "Add 1 entry" }).click();
    await page.getByRole("button", { name: `Remove ${domain}` }).waitFor();
    // The switch shows the stored rule: it turns on once the server has it.
    const restrict = page.getByLabel("Only the people on this list may enter");
    await restrict.click();
    await page.getByText("Access rule saved.").waitFor();
    expect(await restrict.isChecked()).toBe(true);
    await expectAccessible(page, "access section");
  });

  // An attendee of the domain: lands in the chosen room, with exactly the menus set up, in the colour.
  const email = `ada-${stamp}@${domain}`;
  const password = "a long enough password 1";
  await registerAttendee(eventID, email, password);
  await withBrowser("console-setup-attendee", async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(url(`/${internalName}/login`));
    await logIn(page, email, password);
    await page.waitForURL(`**/${internalName}/lobby`);
    const top = page.getByRole("navigation", { name: "Main menu" });
    await top.getByRole("button", { name: "Harbour lobby" }).waitFor();
    expect(await top.getByRole("button").allInnerTexts()).toEqual(["Harbour lobby"]);
    const bottom = page.getByRole("navigation", { name: "More" });
    await bottom.getByRole("button", { name: "Questions" }).waitFor();
    await bottom.getByRole("button", { name: "Harbour website" }).waitFor();
    const colour = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--main-primary-color").trim());
    expect(colour.toLowerCase()).toBe(COLOUR);
    // The venue is the uploaded tour, not the demo's: its PanoURL names the new version.
    const token = await page.evaluate(() => {
      const key = Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_"));
      return key ? window.sessionStorage.getItem(key) : null;
    });
    const event = await api<{ PanoURL: string }>("GET", `/events/${eventID}/public`, undefined, token ?? "");
    expect(event.json.PanoURL).toMatch(/^\/tours\/[0-9a-f]{24}\/1\/$/);
  });

  // Someone of another domain: Access Denied.
  await withBrowser("console-setup-outsider", async (context) => {
    const page = await context.newPage();
    await page.goto(url(`/${internalName}/login`));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${internalName}/access-denied`);
  });
  // Uploading and re-encoding a full-size tour takes a while on a busy two-core machine.
}, 240_000);
