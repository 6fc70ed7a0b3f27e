/**
 * Analytics end to end: the demo attendee, with statistics consent, logs in and walks into the
 * Expo; the organizer's Dashboard, in a browser of its own, shows someone online there. The
 * figures travel: the attendee's ping (every 15 s while the window has focus), the server's flush
 * (every 10 s), the dashboard's read (every 10 s while the event runs, or "Refresh now").
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { api, DEMO_ATTENDEE, demoEventID, expectAccessible, logIn, openConsoleSection, url, withBrowser } from "./support";

const ROOM = "expo";

async function attendeeToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(window.sessionStorage).find((k) => k.startsWith("jwt_"));
    return key ? window.sessionStorage.getItem(key) : null;
  });
  expect(token, "a token in session storage").toBeTruthy();
  return token ?? "";
}

it("shows an attendee with statistics consent online in the room they entered", { timeout: 150_000 }, async () => {
  const eventID = await demoEventID();
  // `withBrowser` saves the cookie choice with statistics allowed, as the consent modal would.
  await withBrowser("dashboard-attendee", async (attendee) => {
    const venue = await attendee.newPage();
    await venue.goto(url("/demo/login"));
    await logIn(venue, DEMO_ATTENDEE.email, DEMO_ATTENDEE.password);
    await venue.waitForURL((u) => u.pathname !== "/demo/login");
    // The server counts only with the consent stored for the event (privacy: PUT …/consent,
    // which the app's consent store sends after login); stored here too so the test does not
    // race that call.
    const stored = await api("PUT", `/events/${eventID}/consent`, { Functional: true, Statistics: true }, await attendeeToken(venue));
    expect(stored.status).toBe(200);
    await venue.goto(url(`/demo/${ROOM}`));
    await venue.locator(`main[data-room="${ROOM}"]`).waitFor();

    await withBrowser("dashboard-organizer", async (organizer) => {
      const page = await organizer.newPage();
      await openConsoleSection(page, "Dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 2 }).waitFor();
      const online = page.getByRole("region", { name: "Online now" });
      await online.waitFor();
      const row = online.locator(`tr[data-place="${ROOM}"]`);
      // A ping (≤ 15 s), the flush (≤ 10 s), a read (≤ 10 s): asked again until it shows.
      const deadline = Date.now() + 60_000;
      while (!(await row.isVisible())) {
        expect(Date.now(), `${ROOM} online on the dashboard within a minute`).toBeLessThan(deadline);
        await page.waitForTimeout(3_000);
        const refresh = page.getByRole("button", { name: "Refresh now" });
        if (await refresh.isVisible()) await refresh.click();
      }
      expect(Number((await row.locator("td").last().innerText()).replace(/\D/g, ""))).toBeGreaterThanOrEqual(1);
      expect(Number((await page.getByTestId("online-total").innerText()).replace(/\D/g, ""))).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, "dashboard");
    });
  });
});
