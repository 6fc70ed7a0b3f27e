/**
 * The venue against the demo event: the panorama renders (screenshot + a pixel check that the
 * canvas is not blank), a hotspot from the keyboard list changes route and room, the live keynote
 * plays the demo's own video on the auditorium screen, a session created to start a few seconds
 * later takes over the screen at its start time (and says "stream unavailable" while its YouTube
 * host cannot be reached), and axe finds no serious violations.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { artifactsDir } from "./global-setup";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, url, withBrowser } from "./support";

/** The demo keynote's embed host; routed in the test so the result does not depend on the internet. */
const YOUTUBE = "https://www.youtube-nocookie.com/**";

interface SessionShape {
  ID: string;
  InternalName: string;
  [key: string]: unknown;
}

async function adminToken(): Promise<string> {
  const { json } = await api<{ Reason: number; Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  expect(json.Reason).toBe(7);
  return json.Token;
}

/** Share of sampled canvas pixels that differ from the first one: 0 for a blank (single colour) canvas. */
async function canvasVariety(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>(".venue__viewer canvas");
    if (!canvas) return 0;
    const image = new Image();
    image.src = canvas.toDataURL("image/png");
    await image.decode();
    const copy = document.createElement("canvas");
    copy.width = image.width;
    copy.height = image.height;
    const context = copy.getContext("2d");
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, copy.width, copy.height).data;
    let differing = 0;
    let samples = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      samples += 1;
      if (Math.abs((data[i] ?? 0) - (data[0] ?? 0)) + Math.abs((data[i + 1] ?? 0) - (data[1] ?? 0)) + Math.abs((data[i + 2] ?? 0) - (data[2] ?? 0)) > 24) differing += 1;
    }
    return samples ? differing / samples : 0;
  });
}

async function waitForPanorama(page: Page): Promise<void> {
  await page.locator(".venue__viewer canvas").waitFor({ timeout: 30_000 });
  for (let i = 0; i < 100; i++) {
    if ((await canvasVariety(page)) > 0.05) return;
    await page.waitForTimeout(200);
  }
  throw new Error("the panorama canvas stayed blank");
}

it("walks the demo venue: panorama, hotspot list, live sessions, accessibility", async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  await withBrowser("venue", async (context) => {
    await context.route(YOUTUBE, (route) => route.abort("internetdisconnected"));
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.locator("[data-room]").waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/demo/lobby");

    // The panorama renders: screenshot kept as an artifact, and the canvas is not one colour.
    await waitForPanorama(page);
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, "venue-lobby.png") });
    expect(await canvasVariety(page)).toBeGreaterThan(0.05);

    // The keyboard list: focus the way to the auditorium and press Enter.
    const toAuditorium = page.getByRole("navigation", { name: "Ways out of this room" }).getByRole("button", { name: "Go to Auditorium" });
    await toAuditorium.focus();
    await page.keyboard.press("Enter");
    await page.locator('[data-room="auditorium"]').waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/auditorium");
    await page.waitForFunction(() => document.querySelector(".venue__viewer")?.getAttribute("data-node") === "auditorium");

    // The demo keynote is live on the auditorium screen, streaming the demo's own video as
    // simulated live: it plays with no internet at all, and the picture advances.
    const keynote = page.getByRole("region", { name: /^Live session: Opening keynote/ });
    await keynote.waitFor({ timeout: 15_000 });
    const video = keynote.locator("video");
    await video.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>(".player video")?.currentTime ?? 0) > 0, undefined, { timeout: 20_000 });
    const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>(".player video")?.currentTime ?? 0) > t + 0.5, first, { timeout: 20_000 });

    await expectAccessible(page, "venue auditorium");

    // A session starting in a few seconds takes the screen over at its start time: the keynote
    // ends then, and the new one is the first auto-play session.
    const start = new Date(Date.now() + 6000);
    const { json: sessions } = await api<SessionShape[]>("GET", `/events/${eventID}/activities?EntityType=Session`, undefined, admin);
    const live = sessions.find((s) => s.InternalName === "demo-keynote");
    expect(live).toBeTruthy();
    const { status: ended } = await api("PUT", `/events/${eventID}/activities/${live?.ID}`, { ...live, DateEnd: start.toISOString() }, admin);
    expect(ended).toBe(200);
    const { status: created } = await api("POST", `/events/${eventID}/activities?EntityType=Session`, {
      InternalName: `e2e-live-${Date.now().toString(36)}`,
      Title: "Browser test live session",
      ScreenID: "auditorium-screen",
      PanoNodeID: "auditorium",
      IsVirtual: true,
      DateBegin: start.toISOString(),
      DateEnd: new Date(start.getTime() + 3_600_000).toISOString(),
      ConferenceType: "Youtube",
      ConferenceID: "aqz-KE-bpKQ",
    }, admin);
    expect(created).toBe(201);
    const next = page.getByRole("region", { name: "Live session: Browser test live session" });
    expect(await next.count()).toBe(0);
    await next.waitFor({ timeout: 20_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(start.getTime());
    expect(await page.getByRole("region", { name: /^Live session: Opening keynote/ }).count()).toBe(0);

    // Its host cannot be reached (as on a machine without internet): the player says so and
    // offers a retry instead of a browser error page; once the host answers, Try again plays it.
    await next.getByRole("alert").filter({ hasText: "Stream unavailable" }).waitFor({ timeout: 15_000 });
    expect(await next.locator("iframe").count()).toBe(0);
    await context.unroute(YOUTUBE);
    await context.route(YOUTUBE, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stream</title>" }));
    await next.getByRole("button", { name: "Try again" }).click();
    await next.locator("iframe").waitFor({ timeout: 15_000 });
    expect(await next.locator("iframe").getAttribute("src")).toContain("youtube-nocookie.com/embed/");
  });
});

it("opens sidebars from the menu and closes them on a room change", async () => {
  await withBrowser("venue-sidebars", async (context) => {
    const page = await context.newPage();
    await page.goto(url("/demo/login"));
    await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await page.locator("[data-room]").waitFor({ timeout: 30_000 });
    const top = page.getByRole("navigation", { name: "Main menu" });
    await top.getByRole("button", { name: "Agenda" }).click();
    const agenda = page.getByRole("complementary", { name: "Agenda" });
    await agenda.waitFor();
    // The keynote is live now, so it is on one of the event's days (today's is shown first).
    const keynote = agenda.getByRole("heading", { name: /Opening keynote/ });
    await agenda.getByRole("tablist", { name: "Event days" }).waitFor();
    for (const day of await agenda.getByRole("tab", { name: /^Day \d+/ }).all()) {
      if (await keynote.count()) break;
      await day.click();
      await page.waitForTimeout(300);
    }
    await keynote.waitFor();
    await expectAccessible(page, "venue with agenda");
    // The same entry again closes it.
    await top.getByRole("button", { name: "Agenda" }).click();
    await agenda.waitFor({ state: "detached" });
    await top.getByRole("button", { name: "Agenda" }).click();
    await agenda.waitFor();
    // A panorama menu item changes the room, which closes the sidebar.
    await top.getByRole("button", { name: "Expo" }).click();
    await page.locator('[data-room="expo"]').waitFor();
    expect(await agenda.count()).toBe(0);
  });
});
