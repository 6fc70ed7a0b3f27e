/**
 * Following the programme, as an attendee of the demo event, with nothing reached beyond the
 * server (the demo's own video plays; YouTube and Vimeo are cut off): the start page says what is
 * live; a session added to "My agenda" reminds a few minutes before it starts and "Go there" opens
 * its room, where the live keynote's video advances; the cinema plays the demo video; a recording
 * appears under replays once its session ends; a time-zone change moves the agenda's times; a new
 * profile picture shows on the attendee's chat messages. axe on each screen.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, url, withBrowser } from "./support";

interface Activity {
  ID: string;
  InternalName: string;
  DateBegin: string;
  [key: string]: unknown;
}

interface Video {
  ID: string;
  Title: string;
  Kind: string;
  PosterURL: string;
}

async function adminToken(): Promise<string> {
  const { json } = await api<{ Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  return json.Token;
}

/** A virtual session on the auditorium screen from `begin` for `minutes`. */
async function createSession(eventID: string, admin: string, title: string, begin: Date, minutes: number): Promise<Activity> {
  const { status, json } = await api<Activity>(
    "POST",
    `/events/${eventID}/activities?EntityType=Session`,
    {
      InternalName: `e2e-${title.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}`,
      Title: title,
      ScreenID: "auditorium-screen",
      PanoNodeID: "auditorium",
      IsVirtual: true,
      DateBegin: begin.toISOString(),
      DateEnd: new Date(begin.getTime() + minutes * 60_000).toISOString(),
      ConferenceType: "None",
    },
    admin,
  );
  expect(status, JSON.stringify(json)).toBe(201);
  return json;
}

/**
 * The video element's position moves forward: it really plays, not a poster or a black box.
 * Watched for up to 30 s of wall time, not a count of samples: on a loaded two-core CI machine a
 * software decoder can pause for seconds, and a stall that ends is still playback. A stall that
 * does not end fails with the element's own state, so the failure says where it stuck.
 */
async function expectPlaying(player: Locator): Promise<void> {
  const video = player.locator("video");
  await video.waitFor({ timeout: 20_000 });
  const position = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  const deadline = Date.now() + 30_000;
  let lowest = Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    const now = await position();
    if (now > 0) lowest = Math.min(lowest, now);
    if (now > lowest + 0.5) return;
    await player.page().waitForTimeout(250);
  }
  const state = await video.evaluate((v: HTMLVideoElement) => {
    const ranges = Array.from({ length: v.buffered.length }, (_, i) => `${v.buffered.start(i).toFixed(2)}–${v.buffered.end(i).toFixed(2)}`);
    return `at ${v.currentTime} s, paused ${v.paused}, readyState ${v.readyState}, networkState ${v.networkState}, buffered [${ranges.join(", ")}], error ${v.error?.code ?? "none"}`;
  });
  throw new Error(`the video did not advance (${state})`);
}

/** A time as the app writes it in English for a whole-hour zone (GMT+shift is Etc/GMT-shift). */
function clock(iso: string, shift: number): string {
  const zone = shift === 0 ? "Etc/GMT" : `Etc/GMT${shift > 0 ? "-" : "+"}${Math.abs(shift)}`;
  return new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(new Date(iso));
}

async function openAgenda(page: Page): Promise<Locator> {
  const agenda = page.getByRole("complementary", { name: "Agenda" });
  if ((await agenda.count()) === 0) await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Agenda" }).click();
  await agenda.getByRole("tablist", { name: "Event days" }).or(agenda.getByText("There are no sessions on this day.")).first().waitFor({ timeout: 15_000 });
  return agenda;
}

/** The session's entry in the full agenda, on whichever day tab it is. */
async function agendaEntry(agenda: Locator, title: string): Promise<Locator> {
  const entry = agenda.locator("li", { has: agenda.page().getByRole("heading", { name: title }) });
  for (const tab of await agenda.getByRole("tab").all()) {
    if (await entry.count()) break;
    await tab.click();
    await agenda.page().waitForTimeout(300);
  }
  await entry.first().waitFor();
  return entry.first();
}

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url("/demo/login"));
  await logIn(page, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
  await page.locator("[data-room]").waitFor({ timeout: 30_000 });
  return page;
}

/** The embeds of the demo's YouTube and Vimeo entries: the machine has no internet. */
async function offline(context: BrowserContext): Promise<void> {
  for (const host of ["https://www.youtube-nocookie.com/**", "https://player.vimeo.com/**", "https://i.ytimg.com/**"]) {
    await context.route(host, (route) => route.abort("internetdisconnected"));
  }
}

it("start page, agenda, reminder, the live keynote, cinema and replays", { timeout: 150_000 }, async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  // Starts in four minutes: inside the five-minute reminder window as soon as it is in My agenda.
  const soon = await createSession(eventID, admin, "Reminder check", new Date(Date.now() + 4 * 60_000), 30);
  await withBrowser("programme", async (context) => {
    await offline(context);
    const page = await signIn(context);

    // HomeStart: the keynote is live, with the way into the venue.
    await page.goto(url("/demo/start"));
    const live = page.getByRole("region", { name: "Live now" });
    await live.getByRole("heading", { name: /Opening keynote/ }).waitFor({ timeout: 15_000 });
    await page.getByRole("link", { name: "Enter the venue" }).waitFor();
    await expectAccessible(page, "start page");

    // The agenda: add the session to My agenda; the reminder comes at once (it starts in 4 min).
    const agenda = await openAgenda(page);
    const entry = await agendaEntry(agenda, "Reminder check");
    await entry.getByRole("button", { name: "Add to my agenda" }).click();
    await entry.getByRole("button", { name: "Remove from my agenda" }).waitFor();
    await agenda.getByRole("radio", { name: "My agenda" }).or(agenda.getByRole("tab", { name: "My agenda" })).or(agenda.getByRole("button", { name: "My agenda" })).first().click();
    await agenda.getByRole("heading", { name: "Reminder check" }).waitFor();
    await expectAccessible(page, "my agenda");
    const reminder = page.locator(`[data-reminder="${soon.ID}"]`);
    await reminder.waitFor({ timeout: 20_000 });
    expect(await reminder.textContent()).toContain("Reminder check");

    // "Go there" opens the auditorium with the session selected; the keynote plays there.
    await reminder.getByRole("link", { name: "Go there" }).click();
    await page.locator('[data-room="auditorium"]').waitFor();
    expect(new URL(page.url()).pathname).toBe("/demo/auditorium");
    expect(new URL(page.url()).searchParams.get("id")).toBe(soon.ID);
    const keynote = page.getByRole("region", { name: /^Live session: Opening keynote/ });
    await keynote.waitFor({ timeout: 15_000 });
    await expectPlaying(keynote);
    await expectAccessible(page, "auditorium with the keynote playing");

    // The cinema plays the demo's own video, as MP4 and as HLS (served in segments by our server).
    await page.getByRole("navigation", { name: "More" }).getByRole("button", { name: "Media" }).click();
    await page.getByRole("button", { name: "Cinema" }).click();
    const cinema = page.getByRole("complementary", { name: "Cinema" });
    await cinema.getByRole("button", { name: "Demo stream", exact: true }).click();
    await expectPlaying(cinema.getByRole("region", { name: "Video: Demo stream", exact: true }));
    await expectAccessible(page, "cinema");
    await cinema.getByRole("button", { name: "Close the video" }).click();
    await cinema.getByRole("button", { name: "Demo stream (HLS)", exact: true }).click();
    await expectPlaying(cinema.getByRole("region", { name: "Video: Demo stream (HLS)", exact: true }));

    // Replays: the ended welcome session's recording is there; a session that ends in a few
    // seconds, with a recording attached, appears once it has ended.
    const { json: videos } = await api<Video[]>("GET", `/events/${eventID}/videos`, undefined, admin);
    const mp4 = videos.find((v) => v.Title === "Demo stream");
    expect(mp4).toBeTruthy();
    const ending = await createSession(eventID, admin, "Short talk", new Date(Date.now() - 60_000), 1.25);
    const attached = await api("PUT", `/events/${eventID}/recordings/${ending.ID}`, { VideoID: mp4?.ID }, admin);
    expect(attached.status).toBe(200);
    await page.getByRole("navigation", { name: "More" }).getByRole("button", { name: "Media" }).click();
    await page.getByRole("button", { name: "Replays" }).click();
    const replays = page.getByRole("complementary", { name: "Replays" });
    await replays.getByRole("button", { name: /^Welcome/ }).waitFor({ timeout: 15_000 });
    // The new session is known to the venue (ACTIVITY_SYNC_NOTIFY), so its end makes the list re-read.
    expect(await replays.getByRole("button", { name: "Short talk", exact: true }).count()).toBe(0);
    await replays.getByRole("button", { name: "Short talk", exact: true }).waitFor({ timeout: 30_000 });
    await replays.getByRole("button", { name: "Short talk", exact: true }).click();
    await expectPlaying(replays.getByRole("region", { name: "Video: Demo stream", exact: true }));
    await expectAccessible(page, "replays");
  });
});

it("a time zone moves the agenda's times, and a new picture shows on chat messages", async () => {
  const eventID = await demoEventID();
  const admin = await adminToken();
  const { json: sessions } = await api<Activity[]>("GET", `/events/${eventID}/activities?EntityType=Session`, undefined, admin);
  const keynote = sessions.find((s) => s.InternalName === "demo-keynote");
  expect(keynote).toBeTruthy();
  const begin = keynote?.DateBegin ?? "";
  const { json: videos } = await api<Video[]>("GET", `/events/${eventID}/videos`, undefined, admin);
  const poster = videos.find((v) => v.Title === "Demo stream")?.PosterURL ?? "";
  const picture = Buffer.from(await (await fetch(url(poster))).arrayBuffer());

  await withBrowser("profile", async (context) => {
    await offline(context);
    const page = await signIn(context);
    const profileLink = page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Profile" });

    for (const shift of [5, -3]) {
      await profileLink.click();
      await page.getByRole("heading", { name: "Your profile" }).waitFor();
      await page.getByLabel("Time zone").selectOption({ label: `GMT${shift > 0 ? "+" : ""}${shift}` });
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByText("Your profile is saved.").waitFor();
      const agenda = await openAgenda(page);
      const entry = await agendaEntry(agenda, "Opening keynote: events without walls");
      expect(await entry.textContent()).toContain(clock(begin, shift));
      await agenda.getByText(`Times are shown in GMT${shift > 0 ? "+" : ""}${shift}.`).waitFor();
    }
    await expectAccessible(page, "agenda in a chosen zone");

    // A new picture: uploaded on the profile, then on the attendee's own chat message.
    await profileLink.click();
    await page.getByLabel("Picture file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await page.getByText("Your picture is saved.").waitFor({ timeout: 15_000 });
    await expectAccessible(page, "profile");
    const saved = await page.getByRole("img", { name: "Your current picture" }).getAttribute("src");
    expect(saved).toMatch(/\/api\/v1\/files\//);

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Chat" }).click();
    const chat = page.getByRole("complementary", { name: "Chat" });
    const text = `Picture check ${Date.now()}`;
    await chat.getByRole("textbox").fill(text);
    await chat.getByRole("textbox").press("Enter");
    const mine = chat.locator("li", { hasText: text });
    await mine.waitFor();
    expect(await mine.locator("img.chat-avatar").getAttribute("src")).toBe(saved);
  });
});
