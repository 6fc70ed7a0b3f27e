/**
 * The treasure hunt, scored by the server, in two browsers: the demo attendee watches the
 * leaderboard sidebar; a new attendee finds an item an organizer just hid in the lobby (from the
 * room's keyboard list of hotspots, no pointer needed) and the server credits it; the watcher's
 * board shows the finder on top without a reload (frame 44). axe on the board.
 */
import { expect, it } from "vitest";
import { api, DEMO_ADMIN, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, registerAttendee, uniqueEmail, url, withBrowser } from "./support";

const PASSWORD = "treasure-attendee-pass-1";

interface Hunt {
  ID: string;
  Title: string;
  IsMain: boolean;
}

it("a find is credited by the server and moves the finder up the board live", async () => {
  const eventID = await demoEventID();
  const { json: admin } = await api<{ Token: string }>("POST", "/loginadmin", { LoginEMail: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
  const { json: hunts } = await api<Hunt[]>("GET", `/events/${eventID}/treasure-hunts`, undefined, admin.Token);
  const hunt = hunts.find((h) => h.IsMain);
  expect(hunt, JSON.stringify(hunts)).toBeDefined();
  const name = `Golden ticket ${Date.now().toString(36)}`;
  // Worth more than every demo star together, so its finder is first on the board.
  const created = await api("POST", `/events/${eventID}/treasure-hunts/${hunt?.ID}/items`, { NodeID: "lobby", Yaw: 40, Pitch: -5, Name: name, Clue: "Near the welcome desk", Points: 900 }, admin.Token);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const email = uniqueEmail("hunt");
  await registerAttendee(eventID, email, PASSWORD);

  await withBrowser("hunt-watcher", async (watcherContext) => {
    const watcher = await watcherContext.newPage();
    await watcher.goto(url("/demo/login"));
    await logIn(watcher, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await watcher.locator("[data-room]").waitFor({ timeout: 30_000 });
    await watcher.getByRole("navigation", { name: "More" }).getByRole("button", { name: "Leaderboard" }).click();
    const board = watcher.getByRole("table", { name: `Top players of “${hunt?.Title}”` });
    await board.waitFor({ timeout: 15_000 });
    await expectAccessible(watcher, "leaderboard");

    await withBrowser("hunt-finder", async (finderContext) => {
      const finder = await finderContext.newPage();
      await finder.goto(url("/demo/login"));
      await logIn(finder, email, PASSWORD);
      await finder.locator("[data-room]").waitFor({ timeout: 30_000 });
      await finder.goto(url("/demo/lobby"));
      const item = finder.getByRole("button", { name: `Hidden item: ${name}` });
      await item.waitFor({ timeout: 20_000 });
      await item.click();
      await finder.getByText("+900 points · you are #1").waitFor({ timeout: 15_000 });
      // Found once: it leaves the list of items still to find, so it cannot be collected again.
      await item.waitFor({ state: "detached", timeout: 15_000 });
    });

    const first = board.getByRole("row").nth(1);
    await first.getByText("Ada Attendee").waitFor({ timeout: 15_000 });
    expect(await first.textContent()).toContain("900");
  });
});
