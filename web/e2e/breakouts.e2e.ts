/**
 * Breakout rooms with two attendees, each in their own browser: a room the organizer made (its
 * call a page this test serves on loopback, so nothing leaves the machine), both join it from the
 * /breakoutroom page, each sees the other inside — pushed over the socket, not reloaded — and the
 * room's call page loads in the embed. Leaving takes the person out of the other's list. axe on
 * the page with a room joined.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, registerAttendee, uniqueEmail, url, withBrowser } from "./support";

const SECOND_PASSWORD = "second-attendee-pass-1";
const CALL_TEXT = "Local call page for the breakout test";

let callServer: Server;
let callURL = "";

beforeAll(async () => {
  // The call page: what Jitsi or BigBlueButton would serve, on another origin than the app.
  callServer = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Call</title></head><body><main><h1>${CALL_TEXT}</h1></main></body></html>`);
  });
  await new Promise<void>((resolve) => callServer.listen(0, "127.0.0.1", resolve));
  callURL = `http://127.0.0.1:${(callServer.address() as AddressInfo).port}/call.html`;
});

afterAll(async () => {
  await new Promise((resolve) => callServer.close(resolve));
});

async function adminToken(): Promise<string> {
  const { json } = await api<{ Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  return json.Token;
}

/** The signed-in person's id, from the token the page keeps (a JWT's `person_id`). */
async function personOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_"));
    return key ? window.sessionStorage.getItem(key) : null;
  });
  const payload = JSON.parse(Buffer.from((token ?? "").split(".")[1] ?? "", "base64url").toString("utf8")) as { person_id: string };
  return payload.person_id;
}

/** An attendee on the /breakoutroom page, the room listed. */
async function attendeeAtRooms(context: BrowserContext, email: string, password: string, title: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url("/demo/login"));
  await logIn(page, email, password);
  await page.locator("[data-room]").first().waitFor({ timeout: 30_000 });
  await page.goto(url("/demo/breakoutroom"));
  await page.getByRole("heading", { level: 1, name: "Breakout rooms" }).waitFor({ timeout: 30_000 });
  await page.getByRole("article", { name: title }).waitFor({ timeout: 15_000 });
  return page;
}

async function join(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: `Join “${title}”` }).click();
  await page.getByRole("heading", { name: `You are in “${title}”` }).waitFor({ timeout: 10_000 });
}

/** The list of people inside the room the page is in. */
const insideList = (page: Page, title: string) => page.locator("[data-inside]").getByRole("list", { name: `Inside “${title}”` });

it("two attendees join a room, see each other inside, and the room's call loads", async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  const title = `Test corner ${Date.now().toString(36)}`;
  const created = await api<{ ID: string }>(
    "POST",
    `/events/${eventID}/breakouts`,
    { Title: title, Topic: "Two attendees meet here", Capacity: 4, ConferenceType: "Iframe", ConferenceJoinURL: callURL },
    admin,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const second = uniqueEmail("breakout");
  await registerAttendee(eventID, second, SECOND_PASSWORD);

  try {
    await withBrowser("breakouts-a", async (first) => {
      await withBrowser("breakouts-b", async (other) => {
        const a = await attendeeAtRooms(first, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password, title);
        const b = await attendeeAtRooms(other, second, SECOND_PASSWORD, title);
        const [aID, bID] = [await personOf(a), await personOf(b)];

        await join(a, title);
        // The call page is framed and loads (another origin, so it keeps its own).
        const call = a.frameLocator(`iframe[title="Call of “${title}”"]`);
        await call.getByRole("heading", { name: CALL_TEXT }).waitFor({ timeout: 15_000 });
        // B has not joined: A's presence reaches B's list live.
        await b.getByRole("article", { name: title }).locator(`li[data-person="${aID}"]`).waitFor({ timeout: 10_000 });

        await join(b, title);
        await insideList(a, title).locator(`li[data-person="${bID}"]`).getByText("Ada Attendee").waitFor({ timeout: 10_000 });
        await insideList(b, title).locator(`li[data-person="${aID}"]`).waitFor({ timeout: 10_000 });
        await b.frameLocator(`iframe[title="Call of “${title}”"]`).getByRole("heading", { name: CALL_TEXT }).waitFor({ timeout: 15_000 });
        await expect.poll(() => b.getByRole("article", { name: title }).getByText("2 seats left of 4").count(), { timeout: 10_000 }).toBe(1);
        await expectAccessible(a, "breakout room joined");

        // B leaves: A's list follows.
        await b.getByRole("button", { name: "Leave the room" }).click();
        await b.getByRole("button", { name: `Join “${title}”` }).waitFor({ timeout: 10_000 });
        await insideList(a, title).locator(`li[data-person="${bID}"]`).waitFor({ state: "detached", timeout: 10_000 });
      });
    });
  } finally {
    await api("DELETE", `/events/${eventID}/breakouts/${created.json.ID}`, undefined, admin);
  }
});
